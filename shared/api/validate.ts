// Checks every Api request against the contract before the Backend sees it: shapes, types,
// lengths, and tags and notes by the format's rules. Anything else gets a typed error.

import type {
  ApiError,
  ApiOp,
  ApiRequest,
  EnvelopeQuery,
  EnvelopeXColumn,
  GroupCenter,
  GroupSpread,
  GroupX,
  LabelFilter,
  PointQuery,
  SeriesCopy,
} from './contract.js';
import { API_OPS, MAX_ENVELOPES_ASKED, MAX_POINTS_ASKED } from './contract.js';
import { isKey, isSegment, tagProblem } from '../format/names.js';
import { isWellFormedUnicode } from '../format/utf8.js';
import { MAX_REPORT_RUNS, readReportAsk } from './report-ask.js';
import { checkFilePart } from './validate-file-part.js';

/** The longest directory name ext4, APFS and most other file systems hold, in bytes of UTF-8. */
const MAX_ID_BYTES = 255;
const MAX_KEY_LENGTH = 1024;
const MAX_KEYS = 4096;
const MAX_TAG_LENGTH = 1024;
export const MAX_NOTES_LENGTH = 1 << 20;

const OPS: ReadonlySet<string> = new Set<string>(API_OPS);

type Writable<T> = { -readonly [K in keyof T]: T[K] };

const bad = (message: string): ApiError => ({ code: 'bad-request', message });

/** An event stream's run id is its path under the opened folder: a few names joined by `/`. */
const MAX_ID_SEGMENTS = 8;

/**
 * Why value cannot be the id of a run, or undefined when it can. A munin run's id is a
 * directory's name; an event stream's is its file's path relative to the opened folder, names
 * joined by `/`. Either is compared and never parsed, so any name a file system can hold is one
 * however it is spelled (spaces, `\`, `%`, control characters, emoji): only what no file
 * system's name can be is refused, and in a path no name is empty, `.` or `..`. The Backend
 * looks an id up among the runs it listed before it touches a file, so an id is never joined
 * into a path.
 */
export function runIdProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'a run id is a string';
  if (value.length === 0) return 'a run id is not empty';
  if (value.includes('\u0000')) return 'a run id holds no NUL character';
  const names = value.split('/');
  if (names.length > MAX_ID_SEGMENTS)
    return `a run id is a path of at most ${MAX_ID_SEGMENTS} names joined by "/"`;
  for (const name of names) {
    if (name.length === 0) return 'a run id holds no empty name: no "/" at its ends or twice';
    if (name.startsWith('.'))
      return 'a run id has no name starting with ".": such names are writers\' work in progress';
    // Each UTF-16 unit is at least one byte of UTF-8: a longer string cannot fit, and is not encoded.
    if (name.length > MAX_ID_BYTES || utf8Length(name) > MAX_ID_BYTES)
      return `each name of a run id is at most ${MAX_ID_BYTES} bytes of UTF-8, as a file's name is`;
  }
  if (!isWellFormedUnicode(value))
    return 'a run id is valid Unicode text: it holds a lone surrogate, which no name can';
  return undefined;
}

/** A run id as the store can hold it: one directory name, never a path. */
export function isRunId(value: unknown): value is string {
  return runIdProblem(value) === undefined;
}

/** The bytes text takes in UTF-8, counting a lone surrogate as the three of U+FFFD. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkRunId(raw: Record<string, unknown>): string | ApiError {
  const runId = raw['runId'];
  const problem = runIdProblem(runId);
  return problem === undefined ? (runId as string) : bad(`runId: ${problem}`);
}

/** The longest formula of a derived view taken. */
export const MAX_FORMULA_LENGTH = 2000;

/** A list of run ids under `member`, checked; or why it is not one. */
function checkRunIds(raw: Record<string, unknown>, member: string): string[] | ApiError {
  const runIds = raw[member];
  if (!Array.isArray(runIds) || runIds.length > MAX_KEYS)
    return bad(`${member} must be a list of at most ${MAX_KEYS} run ids`);
  for (const [i, runId] of runIds.entries()) {
    const problem = runIdProblem(runId);
    if (problem !== undefined) return bad(`${member}[${i}]: ${problem}`);
  }
  return runIds as string[];
}

/** A formula member when there is one, checked; undefined when absent. */
function checkFormula(raw: Record<string, unknown>): string | undefined | ApiError {
  const formula = raw['formula'];
  if (formula === undefined) return undefined;
  if (typeof formula !== 'string' || formula.trim().length === 0)
    return bad('formula must be the text of a formula');
  if (formula.length > MAX_FORMULA_LENGTH)
    return bad(`a formula is at most ${MAX_FORMULA_LENGTH} characters`);
  if (!isWellFormedUnicode(formula)) return bad('a formula must be valid Unicode text');
  return formula;
}

/** The view an envelope is asked for: its x range and its pixel columns; or why it is not one. */
function checkView(
  raw: Record<string, unknown>,
): { x0: number; x1: number; width: number } | ApiError {
  const { x0, x1, width } = raw;
  if (
    typeof x0 !== 'number' ||
    typeof x1 !== 'number' ||
    Number.isNaN(x0) ||
    Number.isNaN(x1) ||
    x1 < x0
  )
    return bad('x0 and x1 must be numbers with x0 <= x1');
  if (typeof width !== 'number' || !Number.isInteger(width) || width < 1 || width > 16384)
    return bad('width must be a whole number of pixels from 1 to 16384');
  return { x0, x1, width };
}

/** The members groupEnvelope and groupAt share, checked; or why they are not. */
function checkGroup(raw: Record<string, unknown>):
  | {
      runIds: string[];
      key: string;
      x: GroupX;
      center: GroupCenter;
      spread: GroupSpread;
      formula?: string;
    }
  | ApiError {
  const runIds = checkRunIds(raw, 'runIds');
  if (!Array.isArray(runIds)) return runIds;
  if (runIds.length === 0) return bad('runIds must name at least one run');
  const { key, x, center, spread } = raw;
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !isKey(key))
    return bad('key must be a key');
  if (x !== 'step' && x !== 'time') return bad('x must be "step" or "time"');
  if (center !== 'mean' && center !== 'median') return bad('center must be "mean" or "median"');
  if (spread !== 'min-max' && spread !== 'std') return bad('spread must be "min-max" or "std"');
  const formula = checkFormula(raw);
  if (typeof formula === 'object') return formula;
  return { runIds, key, x, center, spread, ...(formula !== undefined ? { formula } : {}) };
}

/** An envelope's query (an `envelope` request's members but op), checked; or why it is not one. */
function checkEnvelopeQuery(raw: Record<string, unknown>): EnvelopeQuery | ApiError {
  const runId = checkRunId(raw);
  if (typeof runId !== 'string') return runId;
  const { key, x } = raw;
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !isKey(key))
    return bad('key must be a key');
  if (x !== 'step' && x !== 'time' && x !== 'step_metric')
    return bad('x must be "step", "time" or "step_metric"');
  const view = checkView(raw);
  if ('code' in view) return view;
  const { x0, x1, width } = view;
  const query: Writable<EnvelopeQuery> = { runId, key, x, x0, x1, width };
  const problem = checkCurveBasis(raw, x, query);
  return problem ?? query;
}

/** A cursor's point query (a `sampleAt` request's members but op), checked; or why it is not one. */
function checkPointQuery(raw: Record<string, unknown>): PointQuery | ApiError {
  const runId = checkRunId(raw);
  if (typeof runId !== 'string') return runId;
  const { key, x, at } = raw;
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !isKey(key))
    return bad('key must be a key');
  if (x !== 'step' && x !== 'time' && x !== 'step_metric')
    return bad('x must be "step", "time" or "step_metric"');
  if (typeof at !== 'number' || Number.isNaN(at)) return bad('at must be a number');
  const query: Writable<PointQuery> = { runId, key, x, at };
  const problem = checkCurveBasis(raw, x, query);
  return problem ?? query;
}

/** A batch's `requests`: 1 to `max` queries, each checked; or the first one's problem. */
function checkQueries<Query>(
  raw: Record<string, unknown>,
  max: number,
  what: string,
  check: (item: Record<string, unknown>) => Query | ApiError,
): Query[] | ApiError {
  const requests = raw['requests'];
  if (!Array.isArray(requests) || requests.length === 0 || requests.length > max)
    return bad(`requests must be a list of 1 to ${max} ${what} requests`);
  const queries: Query[] = [];
  for (const [i, item] of requests.entries()) {
    const query = isRecord(item) ? check(item) : bad('it is not an object');
    if (isApiError(query)) return bad(`requests[${i}]: ${query.message}`);
    queries.push(query);
  }
  return queries;
}

/** The request, checked; or why it is not one. */
export function parseApiRequest(raw: unknown): ApiRequest | ApiError {
  if (!isRecord(raw)) return bad('a request is an object');
  const op = raw['op'];
  if (typeof op !== 'string' || !OPS.has(op))
    // Never JSON.stringify what came: a bigint in it would throw.
    return bad(
      typeof op === 'string'
        ? `unknown operation ${JSON.stringify(op.slice(0, 100))}`
        : `op must be the name of an operation, not ${op === null ? 'null' : typeof op}`,
    );
  const knownOp = op as ApiOp;
  switch (knownOp) {
    case 'storeInfo':
    case 'listRuns':
    case 'healthEvents':
    case 'listArtifacts':
      return { op } as ApiRequest;
    case 'artifactDetail': {
      const name = raw['name'];
      if (typeof name !== 'string' || name.length > MAX_KEY_LENGTH || !isSegment(name))
        return bad('name must be an artifact name: one segment');
      return { op: knownOp, name };
    }
    case 'runArtifacts':
    case 'runDetail':
    case 'gitDiff':
    case 'listFiles': {
      const runId = checkRunId(raw);
      return typeof runId === 'string' ? ({ op, runId } as ApiRequest) : runId;
    }
    case 'gitDiffPart': {
      const runId = checkRunId(raw);
      if (typeof runId !== 'string') return runId;
      const offset = raw['offset'];
      if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0)
        return bad('offset must be a whole number of bytes from 0');
      return { op: knownOp, runId, offset };
    }
    case 'loggedFilePart': {
      const runId = checkRunId(raw);
      if (typeof runId !== 'string') return runId;
      const part = checkFilePart(raw);
      return typeof part === 'string' ? bad(part) : { op: knownOp, runId, ...part };
    }
    case 'cancelVerify': {
      const { name } = raw;
      if (typeof name !== 'string' || name.length === 0 || name.length > MAX_KEY_LENGTH)
        return bad('name must be the name of an artifact');
      return { op: knownOp, name };
    }
    case 'verifyArtifact': {
      const { name, version } = raw;
      if (typeof name !== 'string' || name.length === 0 || name.length > MAX_KEY_LENGTH)
        return bad('name must be the name of an artifact');
      if (
        version !== undefined &&
        (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1)
      )
        return bad('version must be a version number from 1');
      return version === undefined ? { op: knownOp, name } : { op: knownOp, name, version };
    }
    case 'series': {
      const runId = checkRunId(raw);
      if (typeof runId !== 'string') return runId;
      const keys = raw['keys'];
      if (!Array.isArray(keys) || keys.length > MAX_KEYS)
        return bad(`keys must be a list of at most ${MAX_KEYS} keys`);
      for (const key of keys) {
        if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !isKey(key)) {
          return bad('each of keys must be a key: segments joined by "/"');
        }
      }
      return { op: knownOp, runId, keys: keys as string[] };
    }
    case 'addTag':
    case 'removeTag': {
      const runId = checkRunId(raw);
      if (typeof runId !== 'string') return runId;
      const tag = raw['tag'];
      if (typeof tag !== 'string') return bad('tag must be a string');
      if (tag.length > MAX_TAG_LENGTH)
        return bad(`a tag is at most ${MAX_TAG_LENGTH} characters here`);
      const problem = tagProblem(tag);
      if (problem !== undefined) return bad(problem);
      return { op: knownOp, runId, tag };
    }
    case 'setNotes': {
      const runId = checkRunId(raw);
      if (typeof runId !== 'string') return runId;
      const text = raw['text'];
      if (typeof text !== 'string') return bad('text must be a string');
      if (text.length > MAX_NOTES_LENGTH) return bad('notes are at most 1 MiB of text');
      if (!isWellFormedUnicode(text)) return bad('notes must be valid Unicode text');
      return { op: knownOp, runId, text };
    }
    case 'envelope': {
      const query = checkEnvelopeQuery(raw);
      return 'code' in query ? query : { op: knownOp, ...query };
    }
    case 'envelopes': {
      const requests = checkQueries(raw, MAX_ENVELOPES_ASKED, 'envelope', checkEnvelopeQuery);
      return 'code' in requests ? requests : { op: knownOp, requests };
    }
    case 'sampleAt': {
      const query = checkPointQuery(raw);
      return 'code' in query ? query : { op: knownOp, ...query };
    }
    case 'samplesAt': {
      const requests = checkQueries(raw, MAX_POINTS_ASKED, 'point', checkPointQuery);
      return 'code' in requests ? requests : { op: knownOp, requests };
    }
    case 'labelSegments': {
      const runId = checkRunId(raw);
      if (typeof runId !== 'string') return runId;
      const { key, label, x } = raw;
      if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !isKey(key))
        return bad('key must be a key');
      if (typeof label !== 'string' || label.length === 0 || label.length > MAX_KEY_LENGTH)
        return bad('label must be the name of a label');
      if (x !== 'step' && x !== 'time') return bad('x must be "step" or "time"');
      return { op: knownOp, runId, key, label, x };
    }
    case 'groupEnvelope': {
      const group = checkGroup(raw);
      if ('code' in group) return group;
      const view = checkView(raw);
      if ('code' in view) return view;
      return { op: knownOp, ...group, ...view };
    }
    case 'groupAt': {
      const group = checkGroup(raw);
      if ('code' in group) return group;
      const { at } = raw;
      if (typeof at !== 'number' || Number.isNaN(at)) return bad('at must be a number');
      return { op: knownOp, ...group, at };
    }
    case 'keyStatistics': {
      const { key } = raw;
      if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !isKey(key))
        return bad('key must be a key');
      const formula = checkFormula(raw);
      if (typeof formula === 'object') return formula;
      let runIds: string[] | undefined;
      if (raw['runIds'] !== undefined) {
        const checked = checkRunIds(raw, 'runIds');
        if (!Array.isArray(checked)) return checked;
        runIds = checked;
      }
      return {
        op: knownOp,
        key,
        ...(formula !== undefined ? { formula } : {}),
        ...(runIds !== undefined ? { runIds } : {}),
      };
    }
    case 'checkFormula': {
      const formula = checkFormula(raw);
      if (typeof formula === 'object') return formula;
      if (formula === undefined) return bad('formula must be the text of a formula');
      const runIds = checkRunIds(raw, 'runIds');
      if (!Array.isArray(runIds)) return runIds;
      return { op: knownOp, formula, runIds };
    }
    case 'makeReport': {
      const runIds = checkRunIds(raw, 'runIds');
      if (!Array.isArray(runIds)) return runIds;
      if (runIds.length === 0 || runIds.length > MAX_REPORT_RUNS)
        return bad(`runIds must name 1 to ${MAX_REPORT_RUNS} runs`);
      const ask = readReportAsk(raw, runIds);
      return typeof ask === 'string' ? bad(ask) : { op: knownOp, ...ask };
    }
    case 'subscribe': {
      const runIds = raw['runIds'];
      if (!Array.isArray(runIds) || runIds.length > MAX_KEYS)
        return bad(`runIds must be a list of at most ${MAX_KEYS} run ids`);
      for (const [i, runId] of runIds.entries()) {
        const problem = runIdProblem(runId);
        if (problem !== undefined) return bad(`runIds[${i}]: ${problem}`);
      }
      const withRuns = raw['withRuns'];
      if (withRuns !== undefined && typeof withRuns !== 'boolean')
        return bad('withRuns must be true or false');
      return {
        op: knownOp,
        runIds: runIds as string[],
        ...(withRuns === undefined ? {} : { withRuns }),
      };
    }
  }
}

/**
 * The members an envelope and a cursor's point share beside x: the step metric to pair with and
 * the smoothing weight, checked and copied into the request; or why they cannot be.
 */
function checkCurveBasis(
  raw: Record<string, unknown>,
  x: EnvelopeXColumn,
  request: {
    stepMetric?: string;
    smoothing?: number;
    filter?: LabelFilter;
    copy?: SeriesCopy;
    formula?: string;
  },
): ApiError | null {
  const { stepMetric, smoothing, filter, copy } = raw;
  const formula = checkFormula(raw);
  if (typeof formula === 'object') return formula;
  if (formula !== undefined) request.formula = formula;
  if (filter !== undefined) {
    if (
      !isRecord(filter) ||
      typeof filter['label'] !== 'string' ||
      typeof filter['value'] !== 'string' ||
      filter['label'].length === 0 ||
      filter['label'].length > MAX_KEY_LENGTH ||
      filter['value'].length > MAX_KEY_LENGTH
    )
      return bad("filter must be {label, value}: a label's name and one of its values");
    request.filter = { label: filter['label'], value: filter['value'] };
  }
  if (copy !== undefined) {
    if (copy !== 'series' && copy !== 'orphans') return bad('copy must be "series" or "orphans"');
    if (copy === 'orphans') request.copy = copy;
  }
  if (stepMetric !== undefined) {
    if (x !== 'step_metric') return bad('stepMetric goes only with x "step_metric"');
    if (typeof stepMetric !== 'string' || stepMetric.length > MAX_KEY_LENGTH || !isKey(stepMetric))
      return bad('stepMetric must be the key of a metric');
    request.stepMetric = stepMetric;
  }
  if (smoothing !== undefined) {
    // The EMA's weight: at 1 nothing would ever move, and its debiasing divides by zero.
    if (typeof smoothing !== 'number' || !(smoothing >= 0 && smoothing < 1))
      return bad('smoothing must be a number from 0 to below 1');
    if (smoothing > 0) request.smoothing = smoothing;
  }
  return null;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    isRecord(value) &&
    typeof value['code'] === 'string' &&
    typeof value['message'] === 'string' &&
    !('op' in value)
  );
}
