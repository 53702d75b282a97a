// The export contract: the store as read, one JSON document, numbers and values by the store's
// own rules. Made lazily in pieces, so that huge series never form one giant string and a slow
// reader holds back the making, not the memory.

import { closeSync, readSync } from 'node:fs';
import { encodeJson, encodeJsonString } from '../../shared/format/json.js';
import { encodeKeyStatisticsMap } from '../../shared/format/stats-hint.js';
import { encodeFloat, encodeValueMap } from '../../shared/format/values.js';
import { log } from '../log.js';
import type { Artifact } from './artifacts.js';
import { readArtifacts } from './artifacts.js';
import type { HostIdentities } from './identities.js';
import { isAbsent } from './file-errors.js';
import { hostIdentities } from './identities.js';
import type { Series } from './log/samples-fold.js';
import type { RunRead } from './log/read-run.js';
import { readRun } from './log/read-run.js';
import { LargeNotes } from './run-files.js';
import { openStoreFile } from './store-files.js';
import { listRunIds } from './store.js';
import { compareUtf8 } from '../../shared/format/utf8.js';
import { realStoreRoot } from './store-files.js';

export type Sink = (text: string) => void;

/** The export's text in pieces, made as they are taken: a consumer sets the pace. */
export type ExportPieces = Generator<string, void, undefined>;

/** Series text is cut into pieces of about this many characters. */
const PIECE_CHARS = 1 << 16;

const str = encodeJsonString;
const orNull = (text: string | null): string => (text === null ? 'null' : str(text));

/** A run's samples exported later, as they are now: how many there are, and which cut holds. */
export interface HeldSeries {
  readonly key: string;
  readonly series: Series;
  readonly length: number;
  readonly generation: number;
}

/** Thrown when a resume cut a live run's samples while its export was under way. */
export class ExportChangedError extends Error {}

/** The export's `series` object of a run, in pieces of bounded size: any source's runs. */
export function* seriesPieces(runId: string, held: readonly HeldSeries[]): ExportPieces {
  yield '{';
  for (const [index, { key, series, length, generation }] of held.entries()) {
    yield `${index === 0 ? '' : ','}${str(key)}:{"kind":"${series.kind}","samples":[`;
    const { samples } = series;
    let i = 0;
    while (i < length) {
      // Samples past the length taken are appended after it and never move; a cut rewrites
      // those before it, and what was sent of them can no longer be made whole.
      if (series.generation !== generation)
        throw new ExportChangedError(`run ${runId} was resumed while it was exported`);
      let batch = '';
      for (; i < length && batch.length < PIECE_CHARS; i++) {
        batch += `${i === 0 ? '' : ','}[${samples.step(i)},${encodeFloat(samples.time(i))},${encodeFloat(samples.value(i))}]`;
      }
      yield batch;
    }
    yield ']}';
  }
  yield '}';
}

/** Bytes of large notes read at a time: the export holds no more of them than this. */
const NOTES_PIECE_BYTES = 1 << 20;

/**
 * The notes as a JSON string: held text at once, large notes in pieces read as they are taken,
 * decoded as a stream, so that a character cut between two reads is decoded whole.
 */
function* notesPieces(notes: string | LargeNotes | null): ExportPieces {
  if (!(notes instanceof LargeNotes)) {
    yield orNull(notes);
    return;
  }
  let opened;
  try {
    opened = openStoreFile(notes.path, notes.realRoot);
  } catch (error) {
    // Gone or closed since the run was read: exported as none, and told.
    log.warn(`${notes.path} cannot be read for the export; its notes are exported as null`, error);
    yield 'null';
    return;
  }
  const { fd } = opened;
  try {
    const decoder = new TextDecoder('utf-8');
    const buffer = Buffer.allocUnsafe(NOTES_PIECE_BYTES);
    yield '"';
    for (let at = 0; ;) {
      const read = readSync(fd, buffer, 0, buffer.length, at);
      if (read === 0) break;
      at += read;
      yield str(decoder.decode(buffer.subarray(0, read), { stream: true })).slice(1, -1);
    }
    yield `${str(decoder.decode()).slice(1, -1)}"`;
  } finally {
    closeSync(fd);
  }
}

/**
 * One run of the export contract. What it exports is fixed when its first piece is taken: a live
 * run that grows while its pieces are taken is exported as it was then.
 */
export function* runExportPieces(run: RunRead): ExportPieces {
  const { log } = run;
  if (run.status === 'unreadable') {
    yield `{"id":${str(run.id)},"status":"unreadable","error":${orNull(run.error)}}`;
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
  const head =
    `{"id":${str(run.id)},"status":"${run.status}","error":${orNull(run.error)}` +
    `,"experiment":${str(start.experiment)},"name":${orNull(start.name)},"parent":${orNull(start.parent)}` +
    `,"steps":${start.steps === null ? 'null' : start.steps}` +
    `,"params":${encodeValueMap(start.params)}` +
    `,"provenance":${start.provenance === null ? 'null' : encodeJson(start.provenance)}` +
    `,"tags":[${run.tags.map(str).join(',')}],"notes":`;
  const afterNotes =
    `,"writer":${writer},"damaged":${log.damaged}` +
    `,"resumes":[${log.resumes.map((r) => `{"step":${r.step},"time":${encodeFloat(r.time)}}`).join(',')}]` +
    `,"metrics":{${metrics.join(',')}},"series":`;
  const held = [...log.series].map(([key, series]) => ({
    key,
    series,
    length: series.samples.length,
    generation: series.generation,
  }));
  // The tail is made now with the head: summary and statistics of the samples that are held.
  const tail =
    `,"summary":${encodeValueMap(log.summary)}` +
    `,"uses":[${log.uses.map((u) => `{"name":${str(u.name)},"version":${u.version}}`).join(',')}]` +
    `,"files":[${log.files.map((f) => `{"key":${str(f.key)},"step":${f.step},"path":${str(f.path)}}`).join(',')}]` +
    `,"stats":${encodeKeyStatisticsMap(run.statistics)}}`;
  yield head;
  yield* notesPieces(run.notes);
  yield afterNotes;
  yield* seriesPieces(run.id, held);
  yield tail;
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
 * What one source gives the export: its runs' ids, each run's object made as it is taken, and
 * its artifacts. Several sources' parts make one document (documentPieces), their runs in one
 * byte order.
 */
export interface ExportParts {
  /** The ids of the runs to export, in byte order. */
  readonly ids: readonly string[];
  /** A run's export object in pieces; none when it can no longer be read (it is left out). */
  run(id: string): ExportPieces;
  /** The artifacts' members in pieces, `"name":{...}` each, joined by commas. */
  artifacts(): ExportPieces;
}

/**
 * A run's pieces from a read of it, or none when the read throws: its log vanished or cannot be
 * read since it was listed, so it is no longer a run to read.
 */
export function* readRunPieces(id: string, read: () => ExportPieces): ExportPieces {
  let pieces: ExportPieces;
  try {
    pieces = read();
    // The read happens at the first piece: a generator runs nothing until it is taken.
    const first = pieces.next();
    if (first.done === true) return;
    yield first.value;
  } catch (error) {
    if (isAbsent(error)) log.debug(`run ${id} was deleted while it was read; left out`);
    else log.warn(`run ${id} cannot be read; it is left out of the export`, error);
    return;
  }
  yield* pieces;
}

/** The artifacts of the store at root as export members, by name in byte order. */
export function* artifactPieces(root: string): ExportPieces {
  for (const [index, artifact] of readArtifacts(root).entries())
    yield `${index === 0 ? '' : ','}${str(artifact.name)}:${encodeArtifactExport(artifact)}`;
}

/** The pieces of nothing: a source without artifacts, a run gone before its export. */
export function* noPieces(): ExportPieces {}

/** Yields pieces after `separator` when there are any; true when there were. */
function* joined(separator: string, pieces: ExportPieces): Generator<string, boolean, undefined> {
  const first = pieces.next();
  if (first.done === true) return false;
  yield separator + first.value;
  yield* pieces;
  return true;
}

/**
 * Several sources' parts as one: their runs in one byte order (an id two hold is the first's),
 * then each one's artifacts.
 */
export function mergedParts(parts: readonly ExportParts[]): ExportParts {
  if (parts.length === 1) return parts[0]!;
  const owners = new Map<string, ExportParts>();
  for (const part of parts) for (const id of part.ids) if (!owners.has(id)) owners.set(id, part);
  return {
    ids: [...owners.keys()].sort(compareUtf8),
    run: (id) => owners.get(id)?.run(id) ?? noPieces(),
    artifacts: function* () {
      let any = false;
      for (const part of parts) if (yield* joined(any ? ',' : '', part.artifacts())) any = true;
    },
  };
}

/** The export document of several sources: their runs merged in byte order of id, then artifacts. */
export function* documentPieces(parts: readonly ExportParts[]): ExportPieces {
  const merged = mergedParts(parts);
  yield '{"runs":[';
  let any = false;
  for (const id of merged.ids) if (yield* joined(any ? ',' : '', merged.run(id))) any = true;
  yield '],"artifacts":{';
  yield* merged.artifacts();
  yield '}}\n';
}

/** The export parts of the store at root as it is on disk: each run read in its turn, and let go. */
export function diskStoreParts(root: string, host: HostIdentities = hostIdentities()): ExportParts {
  const realRoot = realStoreRoot(root);
  return {
    ids: listRunIds(root, realRoot),
    run: (id) => readRunPieces(id, () => runExportPieces(readRun(root, id, host, realRoot))),
    artifacts: () => artifactPieces(root),
  };
}

/** The export of the store at root as it is on disk: each run read in its turn, and let go. */
export function diskExportPieces(
  root: string,
  host: HostIdentities = hostIdentities(),
): ExportPieces {
  return documentPieces([diskStoreParts(root, host)]);
}

/** Writes the whole export of the store at root to sink, for callers that keep it whole. */
export function writeStoreExport(
  root: string,
  sink: Sink,
  host: HostIdentities = hostIdentities(),
): void {
  for (const piece of diskExportPieces(root, host)) sink(piece);
}
