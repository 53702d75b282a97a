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

/**
 * Polylines stroked one by one, in the order added, each style set only when it changes. One
 * stroke per line, not one path for all: a single path of thousands of crossing lines is slow to
 * stroke on a software canvas, and its overlaps would not add up, which is what shows density.
 */
export class LineBatches {
  private readonly lines: { style: string; alpha: number; width: number; points: number[] }[] = [];

  /** Starts a line; push x, y pairs into the array it returns (NaN, NaN breaks the line). */
  add(style: string, alpha: number, width: number): number[] {
    const points: number[] = [];
    this.lines.push({ style, alpha, width, points });
    return points;
  }

  stroke(context: CanvasRenderingContext2D): void {
    let current = '';
    for (const { style, alpha, width, points } of this.lines) {
      const id = `${style}\u0000${alpha}\u0000${width}`;
      if (id !== current) {
        context.globalAlpha = alpha;
        context.lineWidth = width;
        context.strokeStyle = style;
        current = id;
      }
      context.beginPath();
      let drawing = false;
      for (let i = 0; i < points.length; i += 2) {
        const x = points[i]!;
        const y = points[i + 1]!;
        if (Number.isNaN(x)) drawing = false;
        else if (drawing) context.lineTo(x, y);
        else {
          context.moveTo(x, y);
          drawing = true;
        }
      }
      context.stroke();
    }
    context.globalAlpha = 1;
  }
}
