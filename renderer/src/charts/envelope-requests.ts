// Asking the host for a panel's envelopes: the queries a panel's lines make, sent in parts the
// host takes, and answers asked ahead of the panel (see envelope-prefetch) taken when they match.

import { MAX_ENVELOPES_ASKED } from '../../../shared/api/contract.js';
import type {
  EnvelopeColumns,
  EnvelopeQuery,
  EnvelopeXColumn,
  LabelFilter,
  SeriesCopy,
} from '../../../shared/api/contract.js';
import type { MuninBridge } from '../../../shared/api/bridge.js';
import { unwrap } from '../api/call.js';
import type { XAxisMode } from './curve-data.js';
import { askFor } from './use-plot-columns.js';
import { inFlightUntilSettled } from './next-frame-state.js';

export function xColumnOf(mode: XAxisMode): EnvelopeXColumn {
  return mode === 'step' ? 'step' : mode === 'step_metric' ? 'step_metric' : 'time';
}

/** One line of a panel, as its query needs it. */
export interface QueryLine {
  readonly runId: string;
  readonly startTime: number;
  readonly filter?: LabelFilter | undefined;
  readonly copy: SeriesCopy;
}

/** What a panel asks its lines' envelopes over. */
export interface PanelAsk {
  readonly key: string;
  readonly mode: XAxisMode;
  /** The x range zoomed to, in the axis' units; null for the whole series. */
  readonly range: readonly [number, number] | null;
  readonly columns: number;
  readonly smoothing: number;
  readonly formula?: string | undefined;
}

/** The queries of a panel's lines, in their order. */
export function envelopeQueries(lines: readonly QueryLine[], ask: PanelAsk): EnvelopeQuery[] {
  const { key, mode, range, columns, smoothing, formula } = ask;
  return lines.map((line): EnvelopeQuery => {
    const offset = mode === 'relative' ? line.startTime : 0;
    const [x0, x1] =
      range === null
        ? [-Number.MAX_VALUE, Number.MAX_VALUE]
        : [range[0] + offset, range[1] + offset];
    return {
      runId: line.runId,
      key,
      x: xColumnOf(mode),
      x0,
      x1,
      width: columns,
      ...(smoothing > 0 ? { smoothing } : {}),
      ...(line.filter === undefined ? {} : { filter: line.filter }),
      ...(line.copy === 'orphans' ? { copy: line.copy } : {}),
      ...(formula === undefined ? {} : { formula }),
    };
  });
}

/** The queries sent as they are, in parts the host takes; the answers in the queries' order. */
function fetchEnvelopes(
  bridge: MuninBridge,
  queries: readonly EnvelopeQuery[],
): Promise<EnvelopeColumns[]> {
  const parts: EnvelopeQuery[][] = [];
  for (let at = 0; at < queries.length; at += MAX_ENVELOPES_ASKED)
    parts.push(queries.slice(at, at + MAX_ENVELOPES_ASKED));
  // One request a part: a Compare's panel of 20 runs is one message each way.
  return inFlightUntilSettled(
    Promise.all(
      parts.map(async (part) => unwrap(await bridge.api.envelopes({ requests: part }))),
    ).then((answers) => answers.flat()),
  );
}

/** An answer asked ahead, for queries alike but for their width. */
interface Ahead {
  readonly columns: number;
  readonly asked: number;
  readonly answer: Promise<EnvelopeColumns[]>;
}

/**
 * An answer asked ahead and not taken is dropped after this long: the samples may have grown
 * since, and a panel that did not come for it asks for its own.
 */
const AHEAD_MS = 5000;

const aheadOf = new WeakMap<MuninBridge, Map<string, Ahead>>();

/** The queries but for their width: what an answer asked ahead must match. */
const sameButWidth = (queries: readonly EnvelopeQuery[]): string =>
  JSON.stringify(queries.map(({ width: _width, ...rest }) => rest));

/** Asks for the queries' envelopes ahead of the panel that will ask for them. */
export function askAhead(bridge: MuninBridge, queries: readonly EnvelopeQuery[]): void {
  if (queries.length === 0) return;
  let held = aheadOf.get(bridge);
  if (held === undefined) aheadOf.set(bridge, (held = new Map()));
  for (const [id, ahead] of held) if (Date.now() - ahead.asked > AHEAD_MS) held.delete(id);
  const answer = fetchEnvelopes(bridge, queries);
  // Failed, it is asked for again by the panel, which says why.
  answer.catch(() => undefined);
  held.set(sameButWidth(queries), { columns: queries[0]!.width, asked: Date.now(), answer });
}

/**
 * The envelopes of the queries: an answer asked ahead for them, when one was asked at as many
 * columns or a few more (which draw the same exact shape), taken once; or asked for now.
 */
export function askEnvelopes(
  bridge: MuninBridge,
  queries: readonly EnvelopeQuery[],
): Promise<EnvelopeColumns[]> {
  const held = aheadOf.get(bridge);
  const id = sameButWidth(queries);
  const ahead = held?.get(id);
  if (ahead !== undefined) {
    held!.delete(id);
    const fresh = Date.now() - ahead.asked <= AHEAD_MS;
    const columns = queries[0]?.width ?? ahead.columns;
    if (fresh && askFor(ahead.columns, columns, devicePixelRatio) === 'keep') return ahead.answer;
  }
  return fetchEnvelopes(bridge, queries);
}
