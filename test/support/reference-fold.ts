// A reference fold taking records only from parseLogLine, to compare RunLog and its fast path with.

import type {
  EndRecord,
  FileRecord,
  MetricRecord,
  ResumeRecord,
  SeriesKind,
  StartRecord,
  UseRecord,
} from '../../shared/format/records.js';
import { parseLogLine } from '../../shared/format/records.js';
import type { Value } from '../../shared/format/values.js';
import type { RunLog } from '../../electron/store/log/run-fold.js';

export class ReferenceFold {
  start: StartRecord | null = null;
  unreadable: 'foreign-format' | 'no-start' | null = null;
  damaged = 0;
  readonly kinds = new Map<string, SeriesKind>();
  readonly series = new Map<string, { kind: SeriesKind; samples: [number, number, number][] }>();
  readonly metrics = new Map<string, MetricRecord>();
  readonly summary = new Map<string, Value>();
  readonly uses: UseRecord[] = [];
  files: FileRecord[] = [];
  readonly resumes: ResumeRecord[] = [];
  end: EndRecord | null = null;

  apply(bytes: Uint8Array, start: number, end: number): void {
    if (this.unreadable !== null) return;
    const record = parseLogLine(bytes, start, end);
    if (this.start === null) {
      if (record?.type === 'start') this.start = record;
      else this.unreadable = record?.type === 'foreign-start' ? 'foreign-format' : 'no-start';
      return;
    }
    if (
      record === undefined ||
      record.type === 'foreign-start' ||
      record.type === 'start' ||
      this.end !== null
    ) {
      this.damaged++;
      return;
    }
    switch (record.type) {
      case 'metric':
        if (this.kinds.get(record.key) === 'reading') {
          this.damaged++;
        } else {
          this.kinds.set(record.key, 'metric');
          this.metrics.set(record.key, record);
        }
        return;
      case 'metrics':
      case 'reading': {
        const kind: SeriesKind = record.type === 'metrics' ? 'metric' : 'reading';
        for (const key of record.values.keys()) {
          const known = this.kinds.get(key);
          if (known !== undefined && known !== kind) {
            this.damaged++;
            return;
          }
        }
        for (const [key, value] of record.values) {
          this.kinds.set(key, kind);
          let series = this.series.get(key);
          if (series === undefined) {
            series = { kind, samples: [] };
            this.series.set(key, series);
          }
          series.samples.push([record.step, record.time, value]);
        }
        return;
      }
      case 'file':
        this.files.push(record);
        return;
      case 'summary':
        for (const [name, value] of record.values) this.summary.set(name, value);
        return;
      case 'use':
        this.uses.push(record);
        return;
      case 'resume':
        this.resumes.push(record);
        for (const series of this.series.values()) {
          if (series.kind === 'metric') {
            series.samples = series.samples.filter(([step]) => step <= record.step);
          }
        }
        this.files = this.files.filter((file) => file.step <= record.step);
        return;
      case 'end':
        this.end = record;
        return;
    }
  }
}

function sameNumber(a: number, b: number): boolean {
  return Object.is(a, b);
}

/**
 * The first difference between a RunLog and the reference fold of the same lines, or undefined
 * when they agree: every sample compared bit for bit (Object.is), and every other part of the run.
 */
export function differenceFromReference(log: RunLog, ref: ReferenceFold): string | undefined {
  if ((log.unreadable?.reason ?? null) !== ref.unreadable) {
    return `unreadable ${log.unreadable?.reason} vs ${ref.unreadable}`;
  }
  if (ref.unreadable !== null) return undefined;
  if (JSON.stringify(log.start, replacer) !== JSON.stringify(ref.start, replacer)) return 'start';
  if (log.damaged !== ref.damaged) return `damaged ${log.damaged} vs ${ref.damaged}`;
  const keys = [...log.series.keys()];
  const refKeys = [...ref.series.keys()];
  if (keys.join('\u0000') !== refKeys.join('\u0000')) return `series keys ${keys} vs ${refKeys}`;
  for (const key of keys) {
    const series = log.series.get(key)!;
    const expected = ref.series.get(key)!;
    if (series.kind !== expected.kind) return `kind of ${key}`;
    if (series.samples.length !== expected.samples.length) {
      return `length of ${key}: ${series.samples.length} vs ${expected.samples.length}`;
    }
    for (let i = 0; i < expected.samples.length; i++) {
      const [step, time, value] = expected.samples[i]!;
      if (
        !sameNumber(series.samples.step(i), step) ||
        !sameNumber(series.samples.time(i), time) ||
        !sameNumber(series.samples.value(i), value)
      ) {
        return `sample ${i} of ${key}: [${series.samples.step(i)}, ${series.samples.time(i)}, ${series.samples.value(i)}] vs [${step}, ${time}, ${value}]`;
      }
    }
  }
  const pairs: [string, unknown, unknown][] = [
    ['kinds', log.kinds, ref.kinds],
    ['metrics', log.metricDeclarations, ref.metrics],
    ['summary', log.summary, ref.summary],
    ['uses', log.uses, ref.uses],
    ['files', log.files, ref.files],
    ['resumes', log.resumes, ref.resumes],
    ['end', log.end, ref.end],
  ];
  for (const [name, a, b] of pairs) {
    if (JSON.stringify(a, replacer) !== JSON.stringify(b, replacer)) return name;
  }
  return undefined;
}

/** JSON.stringify replacer keeping Maps, bigints, -0 and non-finite numbers apart. */
function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { map: [...value.entries()] };
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' && (Object.is(value, -0) || !Number.isFinite(value))) {
    return `number:${Object.is(value, -0) ? '-0' : String(value)}`;
  }
  return value;
}
