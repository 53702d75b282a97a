// The envelopes and cursor points of a run's curves, for any source: a key's series (narrowed to
// a label's value, or its orphaned copy, as the source holds them) drawn against step, time or a
// step metric, from series derived once and extended as samples come.

import type {
  EnvelopeColumns,
  EnvelopeXColumn,
  LabelFilter,
  PointAt,
  RequestOf,
  SeriesCopy,
} from '../../shared/api/contract.js';
import type { Goal } from '../../shared/format/records.js';
import type { EnvelopeBasis } from '../../shared/series/derived-series.js';
import { EnvelopeCache } from '../../shared/series/derived-series.js';
import { envelopeColumns } from '../../shared/series/envelope-columns.js';
import type { Series } from '../store/log/samples-fold.js';

/** What a run tells its curve reader: the series a request draws and what its keys declare. */
export interface CurveSource {
  readonly runId: string;
  /**
   * The series a curve of key draws: the series itself, its samples whose label has a value, or
   * the copy resumes abandoned; undefined when the run has no such key; refused with why when
   * the run holds no such samples (no sample carries the label, no orphans kept).
   */
  curveSeries(
    key: string,
    filter: LabelFilter | undefined,
    copy: SeriesCopy,
  ): Series | undefined | { readonly refused: string };
  /** The key's series whole, as a step metric is paired from. */
  series(key: string): Series | undefined;
  /** The key's declared goal and step metric, or undefined when it declares none. */
  declaration(
    key: string,
  ): { readonly goal: Goal | null; readonly stepMetric: string | null } | undefined;
}

type Refused = { readonly refused: string };

export class CurveReader {
  private readonly cache = new EnvelopeCache();

  constructor(private readonly source: CurveSource) {}

  /**
   * The envelopes of a key for a view, raw and smoothed, drawn against step, time or a step
   * metric; or why it is refused.
   */
  envelope(request: RequestOf<'envelope'>): EnvelopeColumns | Refused {
    const { x0, x1, width } = request;
    const found = this.curveBasis(request);
    if ('refused' in found) return found;
    const { series, basis, cacheKey } = found;
    const smoothing = request.smoothing ?? 0;
    const { envelopes, envelope } = this.cache.query(cacheKey, series, basis, {
      x0,
      x1,
      width,
      smoothing,
    });
    return envelopeColumns({
      samples: series.samples,
      envelopes,
      envelope,
      onStep: basis.kind === 'step',
      stepMetric: basis.kind === 'step-metric' ? basis.name : null,
      goal: this.source.declaration(request.key)?.goal ?? null,
    });
  }

  /**
   * The point a cursor at x reads on the curve an envelope draws: the last in x order at or
   * before it, from the same derived series (pairing, order, smoothing) the envelope comes from.
   */
  sampleAt(request: RequestOf<'sampleAt'>): PointAt | null | Refused {
    const found = this.curveBasis(request);
    if ('refused' in found) return found;
    const { series, basis, cacheKey } = found;
    const envelopes = this.cache.envelopes(cacheKey, series, basis);
    const position = envelopes.positionAtOrBefore(request.at);
    if (position < 0) return null;
    const { samples } = series;
    const sample = envelopes.sampleAt(position);
    const smoothing = request.smoothing ?? 0;
    return {
      step: samples.step(sample),
      time: samples.time(sample),
      x: envelopes.xAt(position),
      value: samples.value(sample),
      smoothed: smoothing > 0 ? envelopes.smoothedValueAt(smoothing, position) : null,
    };
  }

  /** A key's series and what its curve is drawn against, as a request names them. */
  private curveBasis(request: {
    readonly key: string;
    readonly x: EnvelopeXColumn;
    readonly stepMetric?: string;
    readonly filter?: LabelFilter;
    readonly copy?: SeriesCopy;
  }): { series: Series; basis: EnvelopeBasis; cacheKey: string } | Refused {
    const { key, filter } = request;
    const copy = request.copy ?? 'series';
    const { source } = this;
    const series = source.curveSeries(key, filter, copy);
    if (series === undefined) return { refused: `run ${source.runId} has no key ${key}` };
    if ('refused' in series) return series;
    let basis: EnvelopeBasis = request.x === 'time' ? { kind: 'time' } : { kind: 'step' };
    if (request.x === 'step_metric') {
      const name = request.stepMetric ?? source.declaration(key)?.stepMetric ?? null;
      const metric = name === null ? undefined : source.series(name);
      // A declared step metric may have no sample yet; one named in the request must exist.
      if (
        request.stepMetric !== undefined &&
        metric === undefined &&
        source.declaration(request.stepMetric) === undefined
      )
        return { refused: `run ${source.runId} has no step metric ${request.stepMetric}` };
      if (name !== null) basis = { kind: 'step-metric', name, series: metric };
    }
    // Each narrowing of a key is a series of its own, with envelopes of its own.
    const cacheKey =
      copy === 'series' && filter === undefined
        ? key
        : `${key}\u0000${copy}\u0000${filter === undefined ? '' : `${filter.label}\u0000${filter.value}`}`;
    return { series, basis, cacheKey };
  }
}
