// Real PNG images made in code (zlib deflate, CRC-32 per chunk): the sample grids, attention maps
// and confusion matrices the demo's runs log as files.

import { deflateSync } from 'node:zlib';
import type { SeededRandom } from './seeded-random.js';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB image: width x height pixels, three bytes each, row by row. */
export class RgbImage {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  set(x: number, y: number, rgb: readonly [number, number, number]): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (y * this.width + x) * 3;
    this.pixels[at] = clampByte(rgb[0]);
    this.pixels[at + 1] = clampByte(rgb[1]);
    this.pixels[at + 2] = clampByte(rgb[2]);
  }

  /** The image as a PNG file: 8-bit truecolor, no filtering, one IDAT. */
  toPng(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8;
    header[9] = 2;
    const rowBytes = this.width * 3;
    const raw = Buffer.alloc((rowBytes + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (rowBytes + 1)] = 0;
      raw.set(this.pixels.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
    }
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array(0)),
    ]);
  }
}

function clampByte(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

/** A colour per CIFAR-10 class, and a shape drawn in it. */
const CLASS_COLOURS: readonly (readonly [number, number, number])[] = [
  [120, 170, 230],
  [220, 60, 60],
  [240, 200, 60],
  [200, 140, 90],
  [150, 110, 70],
  [230, 180, 120],
  [90, 170, 90],
  [160, 100, 60],
  [60, 100, 180],
  [180, 180, 190],
];

function insideShape(cls: number, u: number, v: number): boolean {
  switch (cls % 4) {
    case 0:
      return u * u + v * v < 0.45;
    case 1:
      return Math.abs(u) < 0.6 && Math.abs(v) < 0.45;
    case 2:
      return v > -0.6 && Math.abs(u) < (v + 0.6) * 0.55;
    default:
      return Math.abs(u) + Math.abs(v) < 0.75;
  }
}

/**
 * A 4 x 4 grid of 16-pixel tiles, each a class's shape under noise that fades as training
 * progresses, framed green when the model got it right and red when not.
 */
export function predictionGrid(random: SeededRandom, accuracy: number, progress: number): Buffer {
  const tile = 16;
  const image = new RgbImage(tile * 4, tile * 4);
  const noise = 90 * (1 - progress) + 12;
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 4; col++) {
      const cls = random.integer(0, 9);
      const colour = CLASS_COLOURS[cls]!;
      const right = random.uniform() < accuracy;
      const frame: [number, number, number] = right ? [40, 200, 80] : [230, 40, 40];
      for (let y = 0; y < tile; y++) {
        for (let x = 0; x < tile; x++) {
          const px = col * tile + x;
          const py = row * tile + y;
          if (x === 0 || y === 0 || x === tile - 1 || y === tile - 1) {
            image.set(px, py, frame);
            continue;
          }
          const u = (x - tile / 2 + 0.5) / (tile / 2);
          const v = (y - tile / 2 + 0.5) / (tile / 2);
          const base: readonly [number, number, number] = insideShape(cls, u, v)
            ? colour
            : [30, 30, 40];
          const n = random.normal() * noise;
          image.set(px, py, [base[0] + n, base[1] + n, base[2] + n]);
        }
      }
    }
  }
  return image.toPng();
}

/** A 10 x 10 confusion matrix drawn at 6 pixels a cell, bright where counts are high. */
export function confusionMatrix(random: SeededRandom, perClassAccuracy: readonly number[]): Buffer {
  const cell = 6;
  const image = new RgbImage(cell * 10, cell * 10);
  for (let actual = 0; actual < 10; actual++) {
    const right = perClassAccuracy[actual] ?? 0;
    for (let predicted = 0; predicted < 10; predicted++) {
      const share = predicted === actual ? right : ((1 - right) / 9) * random.between(0.3, 1.7);
      const heat = Math.sqrt(Math.max(0, Math.min(1, share)));
      const rgb: [number, number, number] = [
        255 * heat,
        120 * heat + 20,
        255 * (1 - heat) * 0.4 + 30,
      ];
      for (let y = 0; y < cell; y++)
        for (let x = 0; x < cell; x++) image.set(predicted * cell + x, actual * cell + y, rgb);
    }
  }
  return image.toPng();
}

/** A dark-blue to yellow ramp, as heat maps are drawn: t in [0, 1]. */
function heatColour(t: number): [number, number, number] {
  const x = Math.max(0, Math.min(1, t));
  return [40 + 215 * x ** 1.5, 20 + 200 * x, 90 + 80 * Math.sin(Math.PI * x) - 60 * x];
}

/**
 * A head's attention over an 8 x 8 grid of patches, at 8 pixels a patch: a spot that wanders
 * with the step and sharpens as training progresses, over a little noise.
 */
export function attentionMap(random: SeededRandom, step: number, progress: number): Buffer {
  const patches = 8;
  const cell = 8;
  const image = new RgbImage(patches * cell, patches * cell);
  const centreX = 3.5 + 2.5 * Math.sin(step / 700);
  const centreY = 3.5 + 2.5 * Math.cos(step / 450);
  const spread = 3.2 - 2.2 * progress;
  const weights: number[] = [];
  for (let y = 0; y < patches; y++)
    for (let x = 0; x < patches; x++) {
      const distance = ((x - centreX) ** 2 + (y - centreY) ** 2) / (2 * spread * spread);
      weights.push(Math.exp(-distance) + 0.08 * random.uniform());
    }
  const peak = Math.max(...weights);
  for (let y = 0; y < patches; y++)
    for (let x = 0; x < patches; x++) {
      const rgb = heatColour(weights[y * patches + x]! / peak);
      for (let dy = 0; dy < cell; dy++)
        for (let dx = 0; dx < cell; dx++) image.set(x * cell + dx, y * cell + dy, rgb);
    }
  return image.toPng();
}
