// A run's summary as the runs table takes it, for tests of the table's logic: a finished run of
// experiment "exp" with no params, summary, tags or keys unless the test gives them.

import type { RunSummary } from '../../shared/api/contract.js';
import type { Value } from '../../shared/format/values.js';

export function runSummary(id: string, fields: Partial<RunSummary> = {}): RunSummary {
  return {
    id,
    status: 'finished',
    error: null,
    experiment: 'exp',
    name: id,
    parent: null,
    startTime: 1000,
    endTime: 2000,
    lastWrite: 2000,
    lastStep: 100,
    steps: 100,
    params: new Map<string, Value>(),
    summary: new Map<string, Value>(),
    tags: [],
    keys: [],
    damaged: 0,
    hasNotes: false,
    fileCount: 0,
    source: 'munin',
    readOnly: null,
    dirty: null,
    health: null,
    ...fields,
  };
}
