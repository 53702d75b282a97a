// A metrics page's signal that its runs' series (mutated in place) changed: its snapshot at once,
// then at most once a frame, rendered inside that frame.

import { useEffect, useState } from 'react';
import { useServices } from '../state/app-context.js';
import { setInNextFrame } from './next-frame-state.js';

/** Re-renders when any of these runs' series change; returns a number that changes with them. */
export function useSeriesVersion(runIds: readonly string[]): number {
  const { store } = useServices();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let waiting = false;
    let stopped = false;
    let first = true;
    const bump = (): void => {
      // The first change, the page's snapshot, is rendered as it comes, not in the next frame:
      // the board lays out its panels from it while the host makes their curves, and the page
      // has nothing else to do (some 8 ms a Compare's open waited for the frame).
      if (first) {
        first = false;
        setVersion((v) => v + 1);
        // The snapshot touches each of its runs in this task: one render reads them all. A frame
        // asked for the rest would also set the envelopes held for the board's panels early.
        waiting = true;
        queueMicrotask(() => (waiting = false));
        return;
      }
      // Many deltas in one frame draw once.
      if (waiting) return;
      waiting = true;
      setInNextFrame(() => {
        waiting = false;
        if (!stopped) setVersion((v) => v + 1);
      });
    };
    const offs = runIds.map((id) => store.onRun(id, bump));
    return () => {
      offs.forEach((off) => off());
      stopped = true;
    };
  }, [store, runIds]);
  return version;
}
