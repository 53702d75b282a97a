// A metrics page's signal that its runs' series (mutated in place) changed, at most once a frame,
// rendered inside that frame.

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
    const bump = (): void => {
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
