// A metrics board's page-wide settings as its toolbar changes them: the key filter, smoothing,
// log y, the keys overlaid and the sections collapsed, each kept by the board's caller.

import { useCallback } from 'react';
import type { BoardLayout } from '../workspace/board-layout.js';

type OnLayout = (update: (layout: BoardLayout) => BoardLayout) => void;

/** A list with item added, or taken out when it is there. */
const toggled = (list: readonly string[], item: string): string[] =>
  list.includes(item) ? list.filter((other) => other !== item) : [...list, item];

/** Setters that keep their identity while onLayout does, so the toolbar is not drawn again. */
export function useBoardSettings(onLayout: OnLayout) {
  return {
    setFilter: useCallback(
      (filter: string) => onLayout((current) => ({ ...current, filter })),
      [onLayout],
    ),
    setSmoothing: useCallback(
      (smoothing: number) => onLayout((current) => ({ ...current, smoothing })),
      [onLayout],
    ),
    setLogY: useCallback(
      (logY: boolean) => onLayout((current) => ({ ...current, logY })),
      [onLayout],
    ),
    toggleOverlay: useCallback(
      (key: string) =>
        onLayout((current) => ({ ...current, overlay: toggled(current.overlay, key) })),
      [onLayout],
    ),
    toggleSection: (prefix: string): void =>
      onLayout((current) => ({ ...current, collapsed: toggled(current.collapsed, prefix) })),
  };
}
