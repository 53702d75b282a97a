// The runs table's geometry: its scroller's size, its columns' laid-out widths and the rows to
// render for a scroll position, remembered across mounts so that a table shown again is drawn
// once, at its real size, with only the rows in view in its first frame.

import type { RefObject } from 'react';
import { useCallback, useEffect, useState } from 'react';

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** Rows rendered past those in view on each side, once the table has been drawn. */
const OVERSCAN = 8;

/**
 * The size and widths when the table was last shown: drawn first at a guess that its observers
 * then corrected, a table shown again laid every row out twice, and its columns and tags moved
 * under the user's eyes.
 */
let last: { viewport: Viewport | null; laidOut: ReadonlyMap<string, number> } = {
  viewport: null,
  laidOut: new Map(),
};

/** Before the table was ever shown: the window, which holds it, so that its rows fill it. */
const windowViewport = (): Viewport => ({ width: window.innerWidth, height: window.innerHeight });

function sameWidths(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  return a.size === b.size && [...a].every(([key, width]) => b.get(key) === width);
}

/** The rows, first to last (exclusive), to render for a scroll position. */
export function rowsToRender(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): { first: number; last: number } {
  return {
    first: Math.max(0, Math.floor(scrollTop / rowHeight) - overscan),
    last: Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan),
  };
}

/** `shown`: whether the scroller is in the page (not while the store is still listed). */
export function useTableGeometry(
  scroller: RefObject<HTMLElement | null>,
  shown: boolean,
): {
  viewport: Viewport;
  laidOut: ReadonlyMap<string, number>;
  onWidths: (widths: ReadonlyMap<string, number>) => void;
  /** Rows to render past those in view: none in the first frame, which they would only slow. */
  overscan: number;
} {
  const [viewport, setViewport] = useState(() => last.viewport ?? windowViewport());
  const [laidOut, setLaidOut] = useState(last.laidOut);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => {
      const next = { width: element.clientWidth, height: element.clientHeight };
      last = { ...last, viewport: next };
      setViewport((known) =>
        known.width === next.width && known.height === next.height ? known : next,
      );
    });
    observer.observe(element);
    // After the frame that shows the rows: a state set in the frame itself is rendered before
    // the browser draws it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setDrawn(true))));
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [scroller, shown]);

  const onWidths = useCallback((widths: ReadonlyMap<string, number>) => {
    last = { ...last, laidOut: widths };
    setLaidOut((known) => (sameWidths(known, widths) ? known : widths));
  }, []);

  return { viewport, laidOut, onWidths, overscan: drawn ? OVERSCAN : 0 };
}
