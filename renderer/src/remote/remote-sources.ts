// Which far stores (ssh://) are not reached now, and which runs are theirs: a far store's runs
// stay listed as last seen while its link is down, and are shown so.

import type { RemoteSourceState, StoreInfo } from '../../../shared/api/contract.js';

/** The far stores not reached now, in the order they were opened. */
export function unreachedSources(info: StoreInfo | null): RemoteSourceState[] {
  return (info?.sources ?? []).flatMap((source) =>
    source.remote !== undefined && source.remote.state !== 'connected' ? [source.remote] : [],
  );
}

/**
 * The far store a run is of, when it is not reached now; else null. A far store alone has no
 * prefix: all runs are its own.
 */
export function unreachedSourceOf(
  runId: string,
  unreached: readonly RemoteSourceState[],
): RemoteSourceState | null {
  return unreached.find((remote) => runId.startsWith(remote.runIdPrefix)) ?? null;
}

/** The far store a run is of, reached or not; null for a run of this machine. */
export function farSourceOf(runId: string, info: StoreInfo | null): RemoteSourceState | null {
  for (const source of info?.sources ?? [])
    if (source.remote !== undefined && runId.startsWith(source.remote.runIdPrefix))
      return source.remote;
  return null;
}

/** What a far store not reached says, in a few words and whole. */
export function unreachedWords(remote: RemoteSourceState): { short: string; long: string } {
  const short =
    remote.state === 'closed' ? `${remote.host}: closed` : `${remote.host}: reconnecting…`;
  const why = remote.message === null ? '' : ` (${remote.message})`;
  const long =
    remote.state === 'closed'
      ? `${remote.host} is closed${why}: its runs show as they were last seen. Open it again to reconnect.`
      : `${remote.host} is not reached${why}: its runs show as they were last seen, greyed, until it is reached again.`;
  return { short, long };
}
