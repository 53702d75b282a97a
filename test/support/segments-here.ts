// Reading a file in segments on this thread at cuts given or random, with a stand-in for the helper threads: it claims
// the first segments as a helper would and delivers them read here, or not at all when lost, so
// that a test sees both the fold's own reads ahead and a helper's deliveries, in one thread.

import type { LogReadResult } from '../../electron/store/log/read-types.js';
import type { SegmentHelpers } from '../../electron/store/log/segment-pool.js';
import { FOLD_THREAD } from '../../electron/store/log/segment-pool.js';
import type { SegmentPlan, SegmentedFold } from '../../electron/store/log/segmented-read.js';
import { planSegments, readSegmented } from '../../electron/store/log/segmented-read.js';
import type { Prng } from './prng.js';

const HELPER = FOLD_THREAD + 1;

export interface HelpHere {
  /** Segments the stand-in helper claims before the fold starts: the first after the fold's. */
  readonly helperTakes?: number;
  /** Segments the helper claimed but does not deliver, as a thread that failed. */
  readonly lost?: ReadonlySet<number>;
}

/** Helpers that are this thread: the segments claimed read when the fold asks for them. */
function helpersHere<S>(plan: SegmentPlan, reader: SegmentedFold<S>, help: HelpHere) {
  const mine: number[] = [];
  for (let n = 0; n < (help.helperTakes ?? 0); n++) {
    const k = plan.claims.claim(HELPER);
    if (k >= 0) mine.push(k);
  }
  const delivered = (k: number): Promise<S | undefined> =>
    Promise.resolve(
      help.lost?.has(k) === true
        ? undefined
        : reader.scan(plan.cuts[k]!, plan.cuts[k + 1]!, () => {}),
    );
  const helpers: SegmentHelpers<S> = {
    arrived: (k) => mine.includes(k),
    delivered,
    stop: () => undefined,
  };
  return helpers;
}

/** Reads through `reader` in the segments between `cuts`, helped as `help` says. */
export function readSegmentedHere<S>(
  cuts: readonly number[],
  reader: SegmentedFold<S>,
  help: HelpHere = {},
  onProgress?: (bytes: number) => void,
): Promise<LogReadResult> {
  const plan = planSegments(cuts);
  const helpers = help.helperTakes === undefined ? null : helpersHere(plan, reader, help);
  return readSegmented(plan, helpers, reader, onProgress);
}

/** Random cuts just past line feeds of text. */
export function randomCuts(prng: Prng, text: string, count: number): number[] {
  const bytes = Buffer.from(text);
  const starts: number[] = [];
  for (let i = bytes.indexOf(0x0a); i >= 0 && i + 1 < bytes.length; i = bytes.indexOf(0x0a, i + 1))
    starts.push(i + 1);
  const cuts = new Set<number>();
  for (let k = 0; k < count; k++) cuts.add(prng.pick(starts));
  return [0, ...[...cuts].sort((a, b) => a - b), bytes.length];
}

/** A value JSON writes as it is, or one it would lose: a Map, a bigint, -0, NaN, Infinity. */
function keptInJson(_: string, value: unknown): unknown {
  if (value instanceof Map) return [...value];
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' && (Object.is(value, -0) || !Number.isFinite(value)))
    return Object.is(value, -0) ? '-0' : String(value);
  return value;
}

/**
 * A fold's state as JSON text, nothing JSON would lose lost, to compare two folds whole at
 * once: a deep toEqual of a million samples takes long enough to time a test out.
 */
export function stateText(state: unknown): string {
  return JSON.stringify(state, keptInJson);
}
