// A samplesAt answer as columns: every point comes back as sampleAt gives it (nulls, smoothed or
// not, non-finite values, -0, steps past 32 bits) through the transport's codec, in fewer bytes
// than the points as objects took.

import { describe, expect, it } from 'vitest';
import type { PointAt } from '../../shared/api/contract.js';
import { columnsToPoints, pointsToColumns } from '../../shared/api/points-at-columns.js';
import { decodeWireMessage, encodeWireMessage } from '../../shared/api/wire-codec.js';
import { nodeTextCodec } from '../../electron/host/serve.js';

const wire = <T>(value: T): T =>
  decodeWireMessage(encodeWireMessage(value, nodeTextCodec), nodeTextCodec) as T;

describe('a samplesAt answer as columns', () => {
  it('gives back every point, and the nulls, as they were', () => {
    const points: (PointAt | null)[] = [
      { step: 17, time: 1_800_000_017.25, x: 17, value: 0.30000000000000004, smoothed: null },
      null,
      { step: 2 ** 40, time: 1_800_000_100.5, x: 3.75, value: NaN, smoothed: 0.5 },
      { step: 0, time: 1_800_000_000, x: 0, value: -0, smoothed: -Infinity },
      { step: 5, time: 1_800_000_005, x: 5, value: Infinity, smoothed: null },
      null,
    ];
    const back = columnsToPoints(wire(pointsToColumns(points)));
    expect(back).toEqual(points);
    expect(Object.is(back[3]!.value, -0)).toBe(true);
    expect(columnsToPoints(wire(pointsToColumns([])))).toEqual([]);
    // Without smoothing anywhere, no smoothed column is sent.
    expect(pointsToColumns([points[0]!, null]).smoothed).toBeNull();
  });

  it('takes fewer bytes than a JSON object a point', () => {
    const points: (PointAt | null)[] = Array.from({ length: 200 }, (_, r) => ({
      step: 41_000 + r,
      time: 1_800_000_000 + r * 0.37,
      x: 41_000 + r,
      value: 1 / (r + 3),
      smoothed: null,
    }));
    const asColumns = encodeWireMessage(pointsToColumns(points), nodeTextCodec).byteLength;
    const asObjects = encodeWireMessage(points, nodeTextCodec).byteLength;
    expect(asColumns).toBeLessThan(asObjects / 2);
  });
});
