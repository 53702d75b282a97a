// Whether a panel has come near the screen since it mounted, and whether it is on it now: what
// only a reader of the panel needs (its legend's many rows, its cursor's readout from the host)
// is built or asked for once it may be seen, not for every panel of a board.

import type { RefObject } from 'react';
import { useLayoutEffect, useState } from 'react';
import { watchScreen } from './visibility-gate.js';

/**
 * How far the viewport is stretched, in CSS pixels, above its top and below its bottom (less
 * than nothing: shrunk) for a panel to count as near.
 */
export interface NearMargins {
  readonly above: number;
  readonly below: number;
}

/**
 * True once the panel slot holding `ref`'s element reaches the viewport stretched by `margins`,
 * and from then on. Told before the first paint where the panel is near already, so what it
 * shows at once is built at once; off screen, when it is scrolled near. While `watch` is false,
 * false.
 */
export function useCameNear(
  ref: RefObject<Element | null>,
  watch: boolean,
  margins: NearMargins,
): boolean {
  const [near, setNear] = useState(false);
  const { above, below } = margins;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!watch || near || element === null) return;
    // The slot, not the panel: a panel off screen is skipped (content-visibility), and reading
    // a box inside it would lay it out.
    const target = element.closest('.panel-slot') ?? element;
    // A viewport shrunk to nothing would never see the panel: it keeps half its height.
    const bottom = Math.max(below, -innerHeight / 2);
    const box = target.getBoundingClientRect();
    if (box.bottom >= -above && box.top <= innerHeight + bottom) {
      setNear(true);
      return;
    }
    return watchScreen(target, `${above}px 0px ${bottom}px 0px`, (meets) => {
      if (meets) setNear(true);
    });
  }, [ref, watch, near, above, below]);
  return near;
}

/**
 * Whether `ref`'s element is in the viewport now; false until first told. A panel's cursor
 * readout is asked of the host only while someone can see it.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    return element === null ? undefined : watchScreen(element, '0px', setOnScreen);
  }, [ref]);
  return onScreen;
}
