// renderer/src/charts/download: the CSV of a panel's samples reads back to the very same floats (NaN and the infinities by name), quoted where CSV needs it; safe file names.

import { describe, expect, it } from 'vitest';
import type { CsvSeries } from '../../renderer/src/charts/download.js';
import { safeFileName, samplesCsv } from '../../renderer/src/charts/download.js';
import { formatFloat } from '../../shared/format/float-text.js';

/** RFC 4180 CSV: fields split by commas, quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.length === 0) quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  expect(quoted).toBe(false);
  expect(field).toBe('');
  expect(row).toEqual([]);
  return rows;
}

/** The 64 bits of a double. */
function bits(x: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return view.getBigUint64(0);
}

/** A small deterministic generator (xorshift64*), for doubles drawn from every bit pattern. */
function randomDoubles(count: number, seed: bigint): number[] {
  let state = seed;
  const view = new DataView(new ArrayBuffer(8));
  const out: number[] = [];
  while (out.length < count) {
    state ^= state >> 12n;
    state ^= (state << 25n) & 0xffffffffffffffffn;
    state ^= state >> 27n;
    view.setBigUint64(0, (state * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn);
    const x = view.getFloat64(0);
    if (Number.isFinite(x)) out.push(x);
  }
  return out;
}

function series(
  runId: string,
  runName: string,
  key: string,
  samples: readonly (readonly [number, number, number])[],
): CsvSeries {
  return {
    runId,
    runName,
    key,
    columns: {
      steps: Float64Array.from(samples, ([s]) => s),
      times: Float64Array.from(samples, ([, t]) => t),
      values: Float64Array.from(samples, ([, , v]) => v),
      length: samples.length,
    },
  };
}

describe('samplesCsv', () => {
  it('writes a header and one row per sample in log order', () => {
    const csv = samplesCsv([
      series('r1', 'lr0.1', 'train/loss', [
        [3, 1700000000.25, 0.5],
        [1, 1700000001.5, 0.25],
      ]),
    ]);
    expect(csv).toBe(
      'run_id,run_name,key,step,time,value\n' +
        'r1,lr0.1,train/loss,3,1700000000.25,0.5\n' +
        'r1,lr0.1,train/loss,1,1700000001.5,0.25\n',
    );
  });

  it('names NaN and the infinities, and keeps -0', () => {
    const rows = parseCsv(
      samplesCsv([
        series('r', 'n', 'k', [
          [0, 1, NaN],
          [1, 2, Infinity],
          [2, 3, -Infinity],
          [3, 4, -0],
        ]),
      ]),
    ).slice(1);
    expect(rows.map((row) => row[5])).toEqual(['NaN', 'Infinity', '-Infinity', '-0.0']);
    expect(Number(rows[0]![5])).toBeNaN();
    expect(Number(rows[1]![5])).toBe(Infinity);
    expect(Number(rows[2]![5])).toBe(-Infinity);
    expect(Object.is(Number(rows[3]![5]), -0)).toBe(true);
  });

  it('reads back every value and time bit for bit', () => {
    const values = [
      ...randomDoubles(3000, 0x9e3779b97f4a7c15n),
      0.1,
      1 / 3,
      5e-324,
      2.2250738585072014e-308,
      1.7976931348623157e308,
      -1.7976931348623157e308,
      2 ** 53 + 2,
      1e21,
      1e-7,
      123456789012345680,
    ];
    const times = randomDoubles(values.length, 0x1234567n).map((t) => Math.abs(t));
    const samples = values.map((v, i) => [i * 7, times[i]!, v] as const);
    const rows = parseCsv(samplesCsv([series('run', 'name', 'k', samples)]));
    expect(rows[0]).toEqual(['run_id', 'run_name', 'key', 'step', 'time', 'value']);
    expect(rows).toHaveLength(samples.length + 1);
    const mismatches = rows.slice(1).flatMap((row, i) => {
      const [step, time, value] = samples[i]!;
      const ok =
        row.length === 6 &&
        Number(row[3]) === step &&
        bits(Number(row[4])) === bits(time) &&
        bits(Number(row[5])) === bits(value) &&
        // As the store writes it: the format's float text.
        row[5] === formatFloat(value);
      return ok ? [] : [{ row, step, time, value }];
    });
    expect(mismatches).toEqual([]);
  });

  it('quotes fields holding commas, quotes or line breaks', () => {
    const awkward = 'say "hi", then\nleave';
    const rows = parseCsv(
      samplesCsv([
        series('id,1', awkward, 'a"b', [[1, 2, 3]]),
        series('plain', 'cr\rhere', 'k', [[4, 5, 6]]),
      ]),
    );
    expect(rows.slice(1)).toEqual([
      ['id,1', awkward, 'a"b', '1', '2.0', '3.0'],
      ['plain', 'cr\rhere', 'k', '4', '5.0', '6.0'],
    ]);
  });

  it('writes several series one after another, and only a header for none', () => {
    const rows = parseCsv(
      samplesCsv([
        series('a', 'A', 'k', [
          [0, 0, 1],
          [1, 1, 2],
        ]),
        series('b', 'B', 'k', [[0, 0, 3]]),
      ]),
    );
    expect(rows.slice(1).map((row) => `${row[0]}:${row[3]}:${row[5]}`)).toEqual([
      'a:0:1.0',
      'a:1:2.0',
      'b:0:3.0',
    ]);
    expect(samplesCsv([])).toBe('run_id,run_name,key,step,time,value\n');
  });
});

describe('safeFileName', () => {
  it('keeps letters, digits, dots, dashes and underscores', () => {
    expect(safeFileName('train/loss')).toBe('train_loss');
    expect(safeFileName('eval/acc + eval/loss')).toBe('eval_acc_eval_loss');
    expect(safeFileName('/lead/and/trail/')).toBe('lead_and_trail');
    expect(safeFileName('v1.2-rc_3')).toBe('v1.2-rc_3');
  });

  it('names a panel with nothing usable "panel"', () => {
    expect(safeFileName('///')).toBe('panel');
    expect(safeFileName('')).toBe('panel');
  });
});
