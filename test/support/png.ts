// Small RGB PNGs for fixture stores, encoded by the demo writer's encoder: an image a test can tell apart by
// its pixels, as a run logs predictions or attention maps.

import { RgbImage } from '../../electron/demo/png.js';

/** A PNG of width × height whose pixel (x, y) is pixel(x, y) as [r, g, b]: the demo's encoder. */
export function pngOf(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const image = new RgbImage(width, height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) image.set(x, y, pixel(x, y));
  return image.toPng();
}

/** A gradient whose hue moves with `phase`: images of successive steps differ visibly. */
export function stepImage(width: number, height: number, phase: number): Buffer {
  return pngOf(width, height, (x, y) => [
    Math.round(255 * (0.5 + 0.5 * Math.sin(phase + x / 6))),
    Math.round((255 * y) / Math.max(1, height - 1)),
    Math.round(255 * (0.5 + 0.5 * Math.cos(phase * 1.7 + (x + y) / 9))),
  ]);
}
