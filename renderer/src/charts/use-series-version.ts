// A metrics page's signal that its runs' series (mutated in place) changed, at most once a frame,
// rendered inside that frame.

import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useServices } from '../state/app-context.js';

/** Re-renders when any of these runs' series change; returns a number that changes with them. */
export function useSeriesVersion(runIds: readonly string[]): number {
  const { store } = useServices();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let frame: number | null = null;
    const bump = (): void => {
      // Many deltas in one frame draw once.
      if (frame !== null) return;
      frame = requestAnimationFrame(() => {
        frame = null;
        // Rendered now, in the frame: a state set here would be rendered by React's scheduler
        // in a task after the frame, and shown only by the next one (two frames a delta, and a
        // frame later on screen).
        flushSync(() => setVersion((v) => v + 1));
      });
    };
    const offs = runIds.map((id) => store.onRun(id, bump));
    return () => {
      offs.forEach((off) => off());
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [store, runIds]);
  return version;
}
