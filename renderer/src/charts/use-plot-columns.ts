// When a panel drawn from the host's envelopes asks for them: first at columns guessed from the
// panel's width (its chart is built only once the curves come), then at the plot's own columns
// where the guess was too far off, a resize once it rests, and again at most once a second
// while the samples it draws grow.

import { useEffect, useRef, useState } from 'react';

/** A resize is many steps: the plot's columns are asked for once it has rested this long. */
const RESIZE_REST_MS = 150;
const REFRESH_MS = 1000;
/** The narrowest y axis a curve panel draws (see curve-axes), in CSS pixels. */
const NARROWEST_Y_AXIS = 32;
/**
 * How many CSS pixels of columns past the plot's an answer may hold and stand. More columns than
 * pixels draw the same exact shape (a pixel spans every column in it), so an answer asked for a
 * guess this close is kept, not asked for again at the plot's own width.
 */
const SLACK = 48;

/**
 * The columns to ask for before the chart is drawn: the panel's width less the narrowest y
 * axis, never fewer than the plot will have (which would draw coarser than its pixels).
 */
export function guessedColumns(hostWidth: number, pixelRatio: number): number {
  return Math.max(1, Math.floor((hostWidth - NARROWEST_Y_AXIS) * pixelRatio));
}

/**
 * What to do when the plot tells its columns while `held` were asked for: ask at once (nothing
 * asked yet), keep the answer (it holds the plot's columns or a few more), or ask once the
 * plot's size has rested.
 */
export function askFor(
  held: number | null,
  told: number,
  pixelRatio: number,
): 'now' | 'keep' | 'rest' {
  if (held === null) return 'now';
  return held >= told && held - told <= SLACK * pixelRatio ? 'keep' : 'rest';
}

/** The columns to ask for (null until known) and the callback the panel tells them through. */
export function usePlotColumns(): [number | null, (plotColumns: number) => void] {
  const [columns, setColumns] = useState<number | null>(null);
  const asked = useRef<number | null>(null);
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
    const ask = (): void => {
      asked.current = next;
      setColumns(next);
    };
    const action = askFor(asked.current, next, devicePixelRatio);
    // The first columns are asked for at once: the panel stands reading until they are answered.
    if (action === 'now') ask();
    else if (action === 'rest') resizeTimer.current = setTimeout(ask, RESIZE_REST_MS);
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
