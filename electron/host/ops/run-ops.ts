// The ops that read one run: its detail, its series, its git diff (shown, or saved in parts), the
// envelopes of a key (or of a derived view's formula) for a view, a panel's lines at once too,
// the point a cursor reads on one (or on every line of a panel at once), and where a label
// changes.

import { pointsToColumns } from '../../../shared/api/points-at-columns.js';
import { viewEnvelope, viewSampleAt } from '../derived/view-ops.js';
import { ApiFailure } from './api-failure.js';
import type { EnvelopeColumns, PointAt, RequestOf } from '../../../shared/api/contract.js';
import type { OpContext, OpHandlers } from './op-context.js';

/** A key's envelope, or a derived view's, for a view; throws the run's refusal. */
function envelopeOf(context: OpContext, request: RequestOf<'envelope'>): EnvelopeColumns {
  const { formula } = request;
  if (formula !== undefined) return viewEnvelope(context, { ...request, formula });
  const envelope = context.withSamples(request.runId).envelope(request);
  if ('refused' in envelope) throw new ApiFailure('bad-request', envelope.refused);
  return envelope;
}

/** The point a cursor reads on a key, or on a derived view; throws the run's refusal. */
function pointOf(context: OpContext, request: RequestOf<'sampleAt'>): PointAt | null {
  const { formula } = request;
  if (formula !== undefined) return viewSampleAt(context, { ...request, formula });
  const point = context.withSamples(request.runId).sampleAt(request);
  if (point !== null && 'refused' in point) throw new ApiFailure('bad-request', point.refused);
  return point;
}

export const RUN_OPS: OpHandlers<
  | 'runDetail'
  | 'series'
  | 'gitDiff'
  | 'gitDiffPart'
  | 'listFiles'
  | 'envelope'
  | 'envelopes'
  | 'sampleAt'
  | 'samplesAt'
  | 'labelSegments'
> = {
  runDetail: async (context, request) => {
    const run = context.withSamples(request.runId);
    // A far run's detail comes from its host: its summary is taken as the host holds it now.
    const detail = await run.detail();
    return { ...detail, summary: context.summarize(run, detail.summary) };
  },
  series: (context, request) => {
    const entry = context.withSamples(request.runId);
    return request.keys.flatMap((key) => entry.columns(key) ?? []);
  },
  gitDiff: (context, request) => context.entry(request.runId).gitDiff(),
  gitDiffPart: (context, request) => context.entry(request.runId).gitDiffPart(request.offset),
  listFiles: (context, request) => context.withSamples(request.runId).listFiles(),
  envelope: (context, request) => envelopeOf(context, request),
  // One after another in this turn, as many requests in a row would be: a refusal refuses all.
  envelopes: (context, request) =>
    request.requests.map((query) => envelopeOf(context, { op: 'envelope', ...query })),
  sampleAt: (context, request) => pointOf(context, request),
  // As envelopes: in this turn, in order, and a refusal refuses all.
  samplesAt: (context, request) =>
    pointsToColumns(
      request.requests.map((query) => pointOf(context, { op: 'sampleAt', ...query })),
    ),
  labelSegments: (context, request) => {
    const segments = context.withSamples(request.runId).labelSegments(request);
    if ('refused' in segments) throw new ApiFailure('bad-request', segments.refused);
    return segments;
  },
};
