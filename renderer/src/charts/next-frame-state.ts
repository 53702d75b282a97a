// State that reaches panels between frames (a panel's envelopes come from the host a message at
// a time) set in the next animation frame, all of it in one render: a board whose panels'
// answers land in as many tasks renders, lays out and paints once a frame, not once a panel.

import { flushSync } from 'react-dom';

const waiting: (() => void)[] = [];
let frame: number | null = null;

/** Runs `apply`, which sets React state, in the next animation frame with all else waiting. */
export function setInNextFrame(apply: () => void): void {
  waiting.push(apply);
  frame ??= requestAnimationFrame(() => {
    frame = null;
    const now = waiting.splice(0);
    // Rendered in the frame (see use-series-version): state set here without flushSync would be
    // rendered by React's scheduler in a task after the frame, and painted only by the next.
    flushSync(() => {
      for (const set of now) {
        try {
          set();
        } catch (error) {
          // One panel's failure is reported as thrown, and the others are still set.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    });
  });
}
