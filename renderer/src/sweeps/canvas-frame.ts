// What the sweep canvases share: sizing a canvas to its CSS box at the device's pixel ratio,
// the theme's colours read from CSS, and lines batched by colour so thousands draw in few strokes.

import { themeColor } from '../state/theme.js';

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
  /** Secondary text, darker than muted: tick labels, read over lines. */
  readonly text2: string;
  /** The panel the canvas lies on: the halo drawn under text that crosses lines. */
  readonly panel: string;
  readonly border: string;
  readonly accent: string;
  readonly faint: string;
  readonly font: string;
}

/**
 * The theme's colours as the app reads them everywhere (themeColor, kept per theme), and the
 * element's font. A canvas drawn with them draws again when useThemeName's value changes.
 */
export function themeOf(element: Element): Theme {
  return {
    text: themeColor('--text'),
    muted: themeColor('--muted'),
    text2: themeColor('--text-2'),
    panel: themeColor('--panel'),
    border: themeColor('--border-strong'),
    accent: themeColor('--accent'),
    faint: themeColor('--border'),
    font: `11px ${getComputedStyle(element).fontFamily}`,
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
