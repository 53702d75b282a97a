// When a panel drawn from the host's envelopes asks for them: at the pixel columns its plot told
// (none before: an answer for a guessed width is thrown away the moment it arrives), a resize
// once it rests, and again at most once a second while the samples it draws grow.

import { useEffect, useRef, useState } from 'react';

/** A resize is many steps: the plot's columns are asked for once it has rested this long. */
const RESIZE_REST_MS = 150;
const REFRESH_MS = 1000;

/** The plot's columns (null until it has told them) and the callback it tells them through. */
export function usePlotColumns(): [number | null, (plotColumns: number) => void] {
  const [columns, setColumns] = useState<number | null>(null);
  const known = useRef(false);
  const resizeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (resizeTimer.current !== null) clearTimeout(resizeTimer.current);
    },
    [],
  );
  const onPlotColumns = (plotColumns: number): void => {
    const next = Math.max(1, plotColumns);
    if (resizeTimer.current !== null) clearTimeout(resizeTimer.current);
    resizeTimer.current = null;
    // The first width is asked for at once: the panel stands empty until it is.
    if (!known.current) {
      known.current = true;
      setColumns(next);
      return;
    }
    resizeTimer.current = setTimeout(() => setColumns(next), RESIZE_REST_MS);
  };
  return [columns, onPlotColumns];
}

/**
 * Bumps the tick a second after what the panel draws last changed (named by `versions`); not
 * after it was first drawn, whose envelopes are fresh: an ended run is asked for once.
 */
export function useRefreshTick(
  versions: string | undefined,
  setTick: (bump: (tick: number) => number) => void,
): void {
  const drawnWith = useRef(versions);
  useEffect(() => {
    if (versions === drawnWith.current) return;
    const timer = setTimeout(() => setTick((t) => t + 1), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [versions, setTick]);
}
