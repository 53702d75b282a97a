// An envelope as the Api carries it, assembled from a series' derived envelopes for a view: raw
// and smoothed points with their steps (and x, off the step axis), non-finite markers, the best
// point by the key's goal, and what was counted. The host answers `envelope` with it, and an
// offline report draws its stored points with it, so that both draw by one rule.

import type { EnvelopeColumns, EnvelopePoints } from '../api/contract.js';
import type { Goal } from '../format/records.js';
import type { SeriesEnvelope, SeriesEnvelopes, SeriesSamples } from './derived-series.js';

export function envelopeColumns(options: {
  readonly samples: SeriesSamples;
  readonly envelopes: SeriesEnvelopes;
  readonly envelope: SeriesEnvelope;
  /** Against step, a point's x is its step: the envelope holds them already. */
  readonly onStep: boolean;
  readonly stepMetric: string | null;
  readonly goal: Goal | null;
}): EnvelopeColumns {
  const { samples, envelopes, envelope, onStep, goal } = options;
  // Plain loops: a typed array's from() with a mapping function cost as much as the query.
  const stepsAt = (positions: Uint32Array): Float64Array => {
    const steps = new Float64Array(positions.length);
    for (let k = 0; k < positions.length; k++)
      steps[k] = samples.step(envelopes.sampleAt(positions[k]!));
    return steps;
  };
  const xAt = (positions: Uint32Array): Float64Array => {
    const x = new Float64Array(positions.length);
    for (let k = 0; k < positions.length; k++) x[k] = envelopes.xAt(positions[k]!);
    return x;
  };
  const curve = (found: { indices: Uint32Array; x: Float64Array; y: Float64Array }) => ({
    steps: onStep ? found.x : stepsAt(found.indices),
    x: onStep ? null : found.x,
    values: found.y,
  });
  const points = (positions: Uint32Array, values: Float64Array): EnvelopePoints => ({
    steps: stepsAt(positions),
    x: onStep ? null : xAt(positions),
    values,
  });
  const best = goal === null ? -1 : envelopes.best(goal);
  const { nonFinite } = envelope.raw;
  return {
    raw: curve(envelope.raw),
    smoothed: envelope.smoothed === null ? null : curve(envelope.smoothed),
    markers: points(
      nonFinite,
      Float64Array.from(nonFinite, (p) => samples.value(envelopes.sampleAt(p))),
    ),
    inView: envelope.raw.inView,
    layout: envelope.raw.layout,
    total: samples.length,
    stepMetric: options.stepMetric,
    unpaired: envelopes.unpaired,
    xOrder: envelopes.sorted ? 'sorted' : 'series',
    nonFinite: envelopes.nonFinite,
    best:
      best < 0
        ? null
        : {
            step: samples.step(envelopes.sampleAt(best)),
            x: envelopes.xAt(best),
            value: samples.value(envelopes.sampleAt(best)),
          },
  };
}
