// The points of a samplesAt answer as columns and back: what the host and the report answer with,
// and the points a cursor reads, each as sampleAt gives it (null where none lies at or before x).

import type { PointAt, PointsAtColumns } from './contract.js';

/** A flag of PointsAtColumns: a point lies at or before the x asked for. */
export const POINT_FOUND = 1;
/** A flag of PointsAtColumns: the point has a smoothed value. */
export const POINT_SMOOTHED = 2;

export function pointsToColumns(points: readonly (PointAt | null)[]): PointsAtColumns {
  const count = points.length;
  const flags = new Float64Array(count);
  const steps = new Float64Array(count);
  const times = new Float64Array(count);
  const x = new Float64Array(count);
  const values = new Float64Array(count);
  const anySmoothed = points.some((point) => point !== null && point.smoothed !== null);
  const smoothed = anySmoothed ? new Float64Array(count) : null;
  points.forEach((point, i) => {
    if (point === null) return;
    flags[i] = POINT_FOUND | (point.smoothed !== null ? POINT_SMOOTHED : 0);
    steps[i] = point.step;
    times[i] = point.time;
    x[i] = point.x;
    values[i] = point.value;
    if (smoothed !== null && point.smoothed !== null) smoothed[i] = point.smoothed;
  });
  return { flags, steps, times, x, values, smoothed };
}

export function columnsToPoints(columns: PointsAtColumns): (PointAt | null)[] {
  const { flags, steps, times, x, values, smoothed } = columns;
  return Array.from(flags, (flag, i) =>
    (flag & POINT_FOUND) === 0
      ? null
      : {
          step: steps[i]!,
          time: times[i]!,
          x: x[i]!,
          value: values[i]!,
          smoothed: (flag & POINT_SMOOTHED) !== 0 && smoothed !== null ? smoothed[i]! : null,
        },
  );
}
