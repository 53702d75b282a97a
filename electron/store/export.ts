// The export contract: the store as read, one JSON document, numbers and values by the store's
// own rules. Written in pieces to a sink so that huge series never form one giant string.

import { encodeJson, encodeJsonString } from '../../shared/format/json.js';
import { encodeKeyStatisticsMap } from '../../shared/format/stats-hint.js';
import { encodeFloat, encodeValueMap } from '../../shared/format/values.js';
import { log } from '../log.js';
import type { Artifact } from './artifacts.js';
import { readArtifacts } from './artifacts.js';
import type { HostIdentities } from './identities.js';
import { isAbsent } from './file-errors.js';
import { hostIdentities } from './identities.js';
import type { RunRead } from './log/read-run.js';
import { readRun } from './log/read-run.js';
import { listRunIds } from './store.js';
import { realStoreRoot } from './store-files.js';

export type Sink = (text: string) => void;

const str = encodeJsonString;
const orNull = (text: string | null): string => (text === null ? 'null' : str(text));

function writeSeries(run: RunRead, sink: Sink): void {
  sink('{');
  let first = true;
  for (const [key, series] of run.log.series) {
    sink(`${first ? '' : ','}${str(key)}:{"kind":"${series.kind}","samples":[`);
    first = false;
    const { samples } = series;
    let batch = '';
    for (let i = 0; i < samples.length; i++) {
      batch += `${i === 0 ? '' : ','}[${samples.step(i)},${encodeFloat(samples.time(i))},${encodeFloat(samples.value(i))}]`;
      if (batch.length > 1 << 16) {
        sink(batch);
        batch = '';
      }
    }
    sink(`${batch}]}`);
  }
  sink('}');
}

/** Writes one run of the export contract. */
export function writeRunExport(run: RunRead, sink: Sink): void {
  const { log } = run;
  if (run.status === 'unreadable') {
    sink(`{"id":${str(run.id)},"status":"unreadable","error":${orNull(run.error)}}`);
    return;
  }
  const start = log.start!;
  const writer =
    run.writer === null
      ? 'null'
      : `{${[
          ...(run.writer.machine !== undefined ? [`"machine":${str(run.writer.machine)}`] : []),
          ...(run.writer.boot !== undefined ? [`"boot":${str(run.writer.boot)}`] : []),
        ].join(',')}}`;
  const metrics = [...log.metricDeclarations].map(
    ([key, decl]) =>
      `${str(key)}:{"goal":${decl.goal === null ? 'null' : `"${decl.goal}"`},"step_metric":${orNull(decl.stepMetric)}}`,
  );
  sink(
    `{"id":${str(run.id)},"status":"${run.status}","error":${orNull(run.error)}` +
      `,"experiment":${str(start.experiment)},"name":${orNull(start.name)},"parent":${orNull(start.parent)}` +
      `,"steps":${start.steps === null ? 'null' : start.steps}` +
      `,"params":${encodeValueMap(start.params)}` +
      `,"provenance":${start.provenance === null ? 'null' : encodeJson(start.provenance)}` +
      `,"tags":[${run.tags.map(str).join(',')}],"notes":${orNull(run.notes)}` +
      `,"writer":${writer},"damaged":${log.damaged}` +
      `,"resumes":[${log.resumes.map((r) => `{"step":${r.step},"time":${encodeFloat(r.time)}}`).join(',')}]` +
      `,"metrics":{${metrics.join(',')}},"series":`,
  );
  writeSeries(run, sink);
  sink(
    `,"summary":${encodeValueMap(log.summary)}` +
      `,"uses":[${log.uses.map((u) => `{"name":${str(u.name)},"version":${u.version}}`).join(',')}]` +
      `,"files":[${log.files.map((f) => `{"key":${str(f.key)},"step":${f.step},"path":${str(f.path)}}`).join(',')}]` +
      `,"stats":${encodeKeyStatisticsMap(run.statistics)}}`,
  );
}

export function encodeArtifactExport(artifact: Artifact): string {
  const versions = [...artifact.versions].map(
    ([n, version]) =>
      `"${n}":${version.deleted ? '{"deleted":true}' : encodeJson(version.members)}`,
  );
  const aliases = [...artifact.aliases].map(([alias, n]) => `${str(alias)}:${n}`);
  return `{"versions":{${versions.join(',')}},"aliases":{${aliases.join(',')}},"latest":${artifact.latest ?? 'null'}}`;
}

/**
 * Writes the whole export of the store at root. A run whose log vanishes or cannot be read
 * between listing and reading is left out, as it is no longer a run to read.
 */
export function writeStoreExport(
  root: string,
  sink: Sink,
  host: HostIdentities = hostIdentities(),
): void {
  sink('{"runs":[');
  let first = true;
  const realRoot = realStoreRoot(root);
  for (const id of listRunIds(root, realRoot)) {
    let run: RunRead;
    try {
      run = readRun(root, id, host, realRoot);
    } catch (error) {
      if (isAbsent(error)) log.debug(`run ${id} was deleted while the store was read; left out`);
      else log.warn(`run ${id} cannot be read; it is left out of the export`, error);
      continue;
    }
    if (!first) sink(',');
    first = false;
    writeRunExport(run, sink);
  }
  sink('],"artifacts":{');
  sink(
    readArtifacts(root)
      .map((a) => `${str(a.name)}:${encodeArtifactExport(a)}`)
      .join(','),
  );
  sink('}}\n');
}
