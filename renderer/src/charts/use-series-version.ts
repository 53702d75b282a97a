// A metrics page's signal that its runs' series (mutated in place) changed, at most once a frame.

import { useEffect, useState } from 'react';
import { useServices } from '../state/app-context.js';

/** Re-renders when any of these runs' series change; returns a number that changes with them. */
export function useSeriesVersion(runIds: readonly string[]): number {
  const { store } = useServices();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let scheduled = false;
    const bump = (): void => {
      // Many deltas in one frame draw once.
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        setVersion((v) => v + 1);
      });
    };
    const offs = runIds.map((id) => store.onRun(id, bump));
    return () => offs.forEach((off) => off());
  }, [store, runIds]);
  return version;
}
