// What the sweep canvases share: sizing a canvas to its CSS box at the device's pixel ratio,
// the theme's colours read from CSS, and lines batched by colour so thousands draw in few strokes.

/** Sizes the canvas's backing store to w × h CSS px and returns a context scaled to CSS px. */
export function sizedContext(
  canvas: HTMLCanvasElement,
  w: number,
  h: number,
): CanvasRenderingContext2D | null {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(w * ratio));
  const height = Math.max(1, Math.round(h * ratio));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  const context = canvas.getContext('2d');
  if (context === null) return null;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, w, h);
  return context;
}

export interface Theme {
  readonly text: string;
  readonly muted: string;
  readonly border: string;
  readonly accent: string;
  readonly faint: string;
  readonly font: string;
}

/** The theme's colours as the page's CSS has them now. */
export function themeOf(element: Element): Theme {
  const style = getComputedStyle(element);
  const v = (name: string, fallback: string): string =>
    style.getPropertyValue(name).trim() || fallback;
  return {
    text: v('--text', '#1b1f26'),
    muted: v('--muted', '#7a8292'),
    border: v('--border-strong', '#cfd4dc'),
    accent: v('--accent', '#2f6fed'),
    faint: v('--border', '#e3e6eb'),
    font: `11px ${style.fontFamily}`,
  };
}

/** Polylines grouped by stroke style, each group one path and one stroke. */
export class LineBatches {
  private readonly batches = new Map<string, { path: Path2D; alpha: number; width: number }>();

  add(style: string, alpha: number, width: number): Path2D {
    const id = `${style}\u0000${alpha}\u0000${width}`;
    let batch = this.batches.get(id);
    if (batch === undefined) this.batches.set(id, (batch = { path: new Path2D(), alpha, width }));
    return batch.path;
  }

  stroke(context: CanvasRenderingContext2D): void {
    for (const [id, batch] of this.batches) {
      context.globalAlpha = batch.alpha;
      context.lineWidth = batch.width;
      context.strokeStyle = id.slice(0, id.indexOf('\u0000'));
      context.stroke(batch.path);
    }
    context.globalAlpha = 1;
  }
}
