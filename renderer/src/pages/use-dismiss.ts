// Closing a menu or popover on Escape or a click outside it (its opener's clicks are its own).

import { useEffect } from 'react';

export function useDismiss(
  open: boolean,
  onClose: () => void,
  parts: readonly React.RefObject<HTMLElement | null>[],
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onClose();
    };
    const onPointer = (event: PointerEvent): void => {
      const target = event.target as Node;
      if (parts.some((part) => part.current?.contains(target))) return;
      onClose();
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
    // parts are refs, the same objects every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, onClose]);
}
