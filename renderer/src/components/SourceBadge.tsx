// A small badge naming where a run comes from, shown only for runs that are not a munin store's.

import type { RunSourceName } from '../../../shared/api/contract.js';

const SOURCES: Record<RunSourceName, { short: string; long: string } | null> = {
  munin: null,
  'jsonl-events': { short: 'JSONL', long: 'JSONL event stream' },
};

export function SourceBadge({ source, long }: { source: RunSourceName; long?: boolean }) {
  const names = SOURCES[source];
  if (names === null) return null;
  return (
    <span
      className="source-badge"
      data-testid="source-badge"
      data-source={source}
      title={`This run is read from a ${names.long} (a .jsonl file), not a munin store`}
    >
      {long === true ? names.long : names.short}
    </span>
  );
}
