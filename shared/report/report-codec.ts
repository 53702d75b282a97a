// The bytes of an offline report's data: a JSON document, then its number arrays, each laid out
// to compress well (steps as varint deltas, since they ascend by small steps; floats with their
// bytes regrouped by significance, so that the exponents' and high bits' sameness compresses)
// and read back exactly, every double as it was.

/** How a number array is laid out among the bytes. */
export type ArrayLayout = 'ascending-integers' | 'float64';

/** Where an array is among the bytes after the document, and how it is laid out. */
export interface ArrayRef {
  readonly at: number;
  readonly bytes: number;
  readonly length: number;
  readonly layout: ArrayLayout;
}

export class ReportFormatError extends Error {}

/** True when the array's values are integers that never go down: varint deltas hold them. */
export function isAscendingIntegers(values: ArrayLike<number>): boolean {
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (!Number.isSafeInteger(x) || x < previous || x < 0) return false;
    previous = x;
  }
  return true;
}

function varintDeltas(values: ArrayLike<number>): Uint8Array {
  const out: number[] = [];
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    // Up to 2^53: division, not bit shifts, which stop at 32 bits.
    let delta = values[i]! - previous;
    previous = values[i]!;
    while (delta >= 128) {
      out.push((delta % 128) + 128);
      delta = Math.floor(delta / 128);
    }
    out.push(delta);
  }
  return Uint8Array.from(out);
}

function fromVarintDeltas(bytes: Uint8Array, length: number): Float64Array {
  const out = new Float64Array(length);
  let at = 0;
  let previous = 0;
  for (let i = 0; i < length; i++) {
    let delta = 0;
    let scale = 1;
    for (;;) {
      if (at >= bytes.length) throw new ReportFormatError('an array of steps ends early');
      const byte = bytes[at++]!;
      delta += (byte & 127) * scale;
      if (byte < 128) break;
      scale *= 128;
    }
    previous += delta;
    out[i] = previous;
  }
  return out;
}

/** The doubles' bytes regrouped: every value's first byte, then every second byte, and so on. */
function shuffled(values: ArrayLike<number>): Uint8Array {
  const n = values.length;
  const bytes = new Uint8Array(Float64Array.from(values).buffer);
  const out = new Uint8Array(n * 8);
  for (let i = 0; i < n; i++) for (let b = 0; b < 8; b++) out[b * n + i] = bytes[i * 8 + b]!;
  return out;
}

function unshuffled(bytes: Uint8Array, length: number): Float64Array {
  if (bytes.length !== length * 8)
    throw new ReportFormatError('an array of floats has another size');
  const out = new Uint8Array(length * 8);
  for (let i = 0; i < length; i++)
    for (let b = 0; b < 8; b++) out[i * 8 + b] = bytes[b * length + i]!;
  return new Float64Array(out.buffer);
}

/** Gathers a report's arrays as they are added, then lays the whole out with the document. */
export class ReportWriter {
  private readonly parts: Uint8Array[] = [];
  private size = 0;

  /** Adds an array; what refers to it in the document. */
  add(values: ArrayLike<number>): ArrayRef {
    const layout: ArrayLayout = isAscendingIntegers(values) ? 'ascending-integers' : 'float64';
    const bytes = layout === 'ascending-integers' ? varintDeltas(values) : shuffled(values);
    const ref: ArrayRef = { at: this.size, bytes: bytes.length, length: values.length, layout };
    this.parts.push(bytes);
    this.size += bytes.length;
    return ref;
  }

  /** The document's JSON (4 bytes of its length first), then the arrays. */
  finish(document: unknown, encode: (text: string) => Uint8Array): Uint8Array {
    const json = encode(JSON.stringify(document));
    const out = new Uint8Array(4 + json.length + this.size);
    new DataView(out.buffer).setUint32(0, json.length, true);
    out.set(json, 4);
    let at = 4 + json.length;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

/** Reads the document back, and an array by its reference. */
export function readReport(
  bytes: Uint8Array,
  decode: (bytes: Uint8Array) => string,
): { document: unknown; array: (ref: ArrayRef) => Float64Array } {
  if (bytes.length < 4) throw new ReportFormatError('the report holds no data');
  const length = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  if (4 + length > bytes.length) throw new ReportFormatError('the report’s data ends early');
  let document: unknown;
  try {
    document = JSON.parse(decode(bytes.subarray(4, 4 + length)));
  } catch (error) {
    throw new ReportFormatError(`the report’s data is damaged: ${(error as Error).message}`);
  }
  const base = 4 + length;
  return {
    document,
    array: (ref) => {
      if (base + ref.at + ref.bytes > bytes.length)
        throw new ReportFormatError('an array lies past the report’s data');
      const part = bytes.subarray(base + ref.at, base + ref.at + ref.bytes);
      return ref.layout === 'ascending-integers'
        ? fromVarintDeltas(part, ref.length)
        : unshuffled(part, ref.length);
    },
  };
}
