// A panel's redraws held while it is off screen: a live run's samples reach every panel of its
// page each frame, and one scrolled out of view is drawn once, with the newest, when it is back.

/** Draws at once while on screen; off screen, keeps only the newest draw for when it returns. */
export class VisibilityGate {
  private visible = true;
  private held: (() => void) | null = null;

  get onScreen(): boolean {
    return this.visible;
  }

  offer(draw: () => void): void {
    if (this.visible) {
      this.held = null;
      draw();
    } else this.held = draw;
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    if (!visible || this.held === null) return;
    const draw = this.held;
    this.held = null;
    draw();
  }
}

/** How far beyond the viewport a panel counts as near: drawn, so it is drawn before it shows. */
export const NEAR_PX = 400;

/**
 * Tells `seen` whether element meets the viewport stretched by `rootMargin` (CSS margins, as
 * IntersectionObserver takes them), each time that changes, until the returned call stops it.
 */
export function watchScreen(
  element: Element,
  rootMargin: string,
  seen: (meets: boolean) => void,
): () => void {
  const observer = new IntersectionObserver(
    (entries) => seen(entries[entries.length - 1]!.isIntersecting),
    { rootMargin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** Tells the gate whether element is on screen, or near it, until the returned call stops it. */
export function watchVisibility(element: Element, gate: VisibilityGate): () => void {
  return watchScreen(element, `${NEAR_PX}px 0px`, (meets) => gate.setVisible(meets));
}
