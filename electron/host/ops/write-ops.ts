// The only ops that write to a store: a run's tags and notes, each as the format says; a
// failure leaves the old ones as they were and says why.

import { addTag, removeTag, writeNotes } from '../../store/writer/tags-notes.js';
import { writeOrFail } from './api-failure.js';
import type { OpHandlers } from './op-context.js';

export const WRITE_OPS: OpHandlers<'addTag' | 'removeTag' | 'setNotes'> = {
  addTag: (context, request) => {
    const entry = context.entry(request.runId);
    writeOrFail(() => addTag(entry.dir, request.tag));
    context.written(entry, 'tags');
    return [...entry.tags];
  },
  removeTag: (context, request) => {
    const entry = context.entry(request.runId);
    writeOrFail(() => removeTag(entry.dir, request.tag));
    context.written(entry, 'tags');
    return [...entry.tags];
  },
  setNotes: (context, request) => {
    const entry = context.entry(request.runId);
    writeOrFail(() => writeNotes(entry.dir, request.text));
    context.written(entry, 'notes');
    return null;
  },
};
