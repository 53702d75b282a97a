// A stream's run as the export contract lays a run out: the members and order of a munin run's,
// `source` after the id, and its annotations last; numbers and values by the munin export's rules.

import { encodeJson, encodeJsonString } from '../../../shared/format/json.js';
import { encodeKeyStatisticsMap } from '../../../shared/format/stats-hint.js';
import { encodeFloat, encodeValueMap } from '../../../shared/format/values.js';
import type { ExportPieces, HeldSeries } from '../../store/export.js';
import { seriesPieces } from '../../store/export.js';
import { identityOf } from './stream-identity.js';
import type { StreamRun } from './stream-run.js';

const str = encodeJsonString;
const orNull = (text: string | null): string => (text === null ? 'null' : str(text));

/** Annotations are written this many at a time: a long stream's are not one string. */
const ANNOTATIONS_PER_PIECE = 256;

/**
 * One run's export object. What it exports is fixed when its first piece is taken: samples and
 * annotations that arrive while the pieces are taken are left out.
 */
export function* streamExportPieces(run: StreamRun): ExportPieces {
  const summary = run.summary();
  if (summary.status === 'unreadable') {
    yield `{"id":${str(run.id)},"status":"unreadable","error":${orNull(summary.error)}}`;
    return;
  }
  const { fold } = run;
  const { latest } = fold;
  const identity = identityOf(latest?.metadata ?? null);
  yield (
    `{"id":${str(run.id)},"source":"jsonl-events","status":"${summary.status}"` +
    `,"error":${orNull(summary.error)}` +
    `,"experiment":${orNull(summary.experiment)},"name":${orNull(summary.name)},"parent":null` +
    `,"steps":${identity.steps ?? 'null'}` +
    `,"params":${encodeValueMap(identity.params)}` +
    `,"provenance":${latest === null ? 'null' : encodeJson(identity.provenance)}` +
    `,"tags":[],"notes":null,"writer":null,"damaged":${fold.damaged}` +
    `,"resumes":[${fold.resumes.map((r) => `{"step":${r.step},"time":${encodeFloat(r.time)}}`).join(',')}]` +
    `,"metrics":{},"series":`
  );
  const held: HeldSeries[] = [...fold.series].map(([key, series]) => ({
    key,
    series,
    length: series.samples.length,
    generation: series.generation,
  }));
  // Made now with the head: the statistics of the samples held, orphans left out.
  const stats = encodeKeyStatisticsMap(run.statistics());
  const { annotations } = fold;
  const annotationCount = annotations.length;
  yield* seriesPieces(run.id, held);
  yield `,"summary":{},"uses":[],"files":[],"stats":${stats},"annotations":[`;
  for (let i = 0; i < annotationCount; i += ANNOTATIONS_PER_PIECE) {
    const batch = annotations.slice(i, Math.min(annotationCount, i + ANNOTATIONS_PER_PIECE));
    yield batch
      .map(
        (a, k) =>
          `${i + k === 0 ? '' : ','}{"step":${a.step},"time":${encodeFloat(a.time)},"kind":"${a.kind}"` +
          `,"text":${str(a.text)},"metadata":${encodeJson(a.metadata)}}`,
      )
      .join('');
  }
  yield ']}';
}
