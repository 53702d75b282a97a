// A test writer of JSONL event streams (jsonl-events seed): open, metric with any spelling of its
// value, annotation and done lines, raw bytes for torn lines, and NUL holes filled in later.

import { closeSync, openSync, writeSync } from 'node:fs';
import { appendFileSync, writeFileSync } from 'node:fs';

/** JSON text of a plain object, keeping member order; `raw` values are written as they are. */
export class Raw {
  constructor(readonly text: string) {}
}

type Plain = null | boolean | number | string | Raw | readonly Plain[] | { [k: string]: Plain };

/** A value's JSON text; non-finite numbers as the bare tokens Python's json module writes. */
export function json(value: Plain): string {
  if (value instanceof Raw) return value.text;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(json).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${json(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export const START_MS = 1790189597000;

export const METADATA = {
  sexpgpu: '0.4.1',
  entry: 'exp/train.sx',
  variant: null,
  knobs: { lr: 0.0003, batch: 32 },
  run: { steps: 12, checkpoint_every: 4 },
  sources: [],
  device: 'cpu',
  devices: [],
};

export function openLine(
  ms: number,
  slug = 'tiny-lm',
  metadata: Plain = METADATA,
  description = `${slug}: 12 steps of exp/train.sx`,
): string {
  return json({ ts_ms: ms, kind: 'open', slug, description, metadata });
}

/** A metric line; `value` may be a Raw spelling such as {"float":"NaN"} or 1e3. */
export function metricLine(
  ms: number,
  step: number,
  name: string,
  value: number | Raw,
  metadata: Plain = {},
): string {
  return json({ ts_ms: ms, step, kind: 'metric', name, value, metadata });
}

export function annotationLine(
  ms: number,
  step: number,
  text: string,
  metadata: Plain = {},
): string {
  return json({ ts_ms: ms, step, kind: 'annotation', annotation: text, metadata });
}

export function doneLine(ms: number, slug = 'tiny-lm'): string {
  return json({ ts_ms: ms, kind: 'done', slug });
}

/** Writes a stream at `path` line by line, each line's ts_ms a millisecond after the last. */
export class EventWriter {
  ms = START_MS;

  constructor(
    readonly path: string,
    fresh = true,
  ) {
    if (fresh) writeFileSync(this.path, '');
  }

  private next(): number {
    return this.ms++;
  }

  line(text: string): this {
    appendFileSync(this.path, `${text}\n`);
    return this;
  }

  open(slug = 'tiny-lm', metadata: Plain = METADATA, description?: string): this {
    return this.line(openLine(this.next(), slug, metadata, description));
  }

  metric(step: number, name: string, value: number | Raw, metadata: Plain = {}): this {
    return this.line(metricLine(this.next(), step, name, value, metadata));
  }

  annotation(step: number, text: string, metadata: Plain = {}): this {
    return this.line(annotationLine(this.next(), step, text, metadata));
  }

  done(slug = 'tiny-lm'): this {
    return this.line(doneLine(this.next(), slug));
  }

  /** Appends bytes as they are: a torn line, a line feed that completes one, a NUL hole. */
  raw(bytes: string | Uint8Array): this {
    appendFileSync(this.path, bytes);
    return this;
  }

  /** Overwrites bytes at an offset, as a network file system fills a hole it showed as NULs. */
  writeAt(offset: number, bytes: string | Uint8Array): this {
    const fd = openSync(this.path, 'r+');
    try {
      const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
      writeSync(fd, data, 0, data.length, offset);
    } finally {
      closeSync(fd);
    }
    return this;
  }
}
