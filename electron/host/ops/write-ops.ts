// The only ops that write to a store: a run's tags and notes, by the run's own writer (as the
// format says, for a munin run); a run that takes none says so, and a failure leaves the old
// ones as they were and says why.

import type { SourceRun } from '../../sources/run-source.js';
import { ApiFailure, writeOrFail } from './api-failure.js';
import type { OpContext, OpHandlers } from './op-context.js';

/** The run, when it takes writes of what: else a refusal that says so. */
function writable(context: OpContext, runId: string, what: 'tags' | 'notes'): SourceRun {
  const run = context.entry(runId);
  if (!run.capabilities[what])
    throw new ApiFailure('bad-request', `the ${what} of run ${runId} cannot be written here`);
  return run;
}

export const WRITE_OPS: OpHandlers<'addTag' | 'removeTag' | 'setNotes'> = {
  addTag: async (context, request) => {
    const run = writable(context, request.runId, 'tags');
    await writeOrFail(() => run.addTag(request.tag));
    context.written(run, 'tags');
    return [...run.tags];
  },
  removeTag: async (context, request) => {
    const run = writable(context, request.runId, 'tags');
    await writeOrFail(() => run.removeTag(request.tag));
    context.written(run, 'tags');
    return [...run.tags];
  },
  setNotes: async (context, request) => {
    const run = writable(context, request.runId, 'notes');
    await writeOrFail(() => run.writeNotes(request.text));
    context.written(run, 'notes');
    return null;
  },
};
