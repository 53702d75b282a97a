// State that reaches panels between frames (a panel's envelopes come from the host a message at
// a time) set in the next animation frame, all of it in one render: a board whose panels'
// answers land in as many tasks renders, lays out and paints once a frame, not once a panel.
// An answer is held while others asked with it are still on their way, for a moment at most,
// so that a board's panels opened together are drawn in one go, not one frame each; the last
// one in sets them all at once, not a frame later.

import { flushSync } from 'react-dom';

/**
 * The longest an answer waits for the others in flight. A Compare's twelve panels' answers came
 * within some 100 ms of each other while the page drew each as it came: drawn one or two a frame,
 * each frame laid out, painted and composited the whole board again.
 */
const HOLD_MS = 120;

const waiting: (() => void)[] = [];
let frame: number | null = null;
let holdTimer: ReturnType<typeof setTimeout> | null = null;
/** Answers asked for and not yet come: while there are, held state waits for them. */
let inFlight = 0;

function applyWaiting(): void {
  frame = null;
  setWaiting();
}

/** Sets what waits, in one render. */
function setWaiting(): void {
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
}

/** Ends a hold: what it held goes now, or in the frame asked with it. */
function endHold(): void {
  if (holdTimer !== null) clearTimeout(holdTimer);
  holdTimer = null;
}

/** Asks for the next frame, ending any hold: a hold is only ever kept while none is asked. */
function askFrame(): void {
  endHold();
  frame ??= requestAnimationFrame(applyWaiting);
}

/**
 * Runs `apply`, which sets React state, in the next animation frame with all else waiting.
 * With `hold`, not before the answers in flight have come or HOLD_MS has passed, and at once,
 * with all that waited, when none is left in flight: the frame would only be waited for (some
 * 5-10 ms between a Compare's last answer and its drawing, half a frame on average, and as much
 * of a zoom's redraw). Without, what was held goes in the next frame too (a live run's samples
 * never wait, and come many a frame).
 */
export function setInNextFrame(apply: () => void, hold = false): void {
  waiting.push(apply);
  if (hold && inFlight === 0) {
    // A frame asked meanwhile finds nothing left, or what came after.
    endHold();
    return setWaiting();
  }
  if (frame !== null) return;
  if (!hold) askFrame();
  else holdTimer ??= setTimeout(askFrame, HOLD_MS);
}

/** Counts `answer` in flight until it settles: held state waits for it. */
export function inFlightUntilSettled<T>(answer: Promise<T>): Promise<T> {
  inFlight++;
  const settled = (): void => {
    inFlight--;
    // The last answer in: what waited for it is set with its own (set in a callback after this
    // one), or in the next frame when none comes (it failed, or its panel went).
    if (inFlight === 0 && waiting.length > 0) askFrame();
  };
  answer.then(settled, settled);
  return answer;
}
