// The ops that read one run: its detail, its series, its git diff, the envelopes of a key for a
// view and the point a cursor reads on one.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { log } from '../../log.js';
import { isAbsent } from '../../store/file-errors.js';
import { ApiFailure } from './api-failure.js';
import type { OpHandlers } from './op-context.js';

export const RUN_OPS: OpHandlers<'runDetail' | 'series' | 'gitDiff' | 'envelope' | 'sampleAt'> = {
  runDetail: (context, request) => context.withSamples(request.runId).detail(),
  series: (context, request) => {
    const entry = context.withSamples(request.runId);
    return request.keys.flatMap((key) => entry.columns(key) ?? []);
  },
  gitDiff: (context, request) => {
    const entry = context.entry(request.runId);
    try {
      return readFileSync(join(entry.dir, 'git.diff'), 'utf8');
    } catch (error) {
      // No git.diff: the work tree was clean, or the run recorded none.
      if (!isAbsent(error)) log.warn(`${join(entry.dir, 'git.diff')} cannot be read`, error);
      return null;
    }
  },
  envelope: (context, request) => {
    const envelope = context.withSamples(request.runId).envelope(request);
    if ('refused' in envelope) throw new ApiFailure('bad-request', envelope.refused);
    return envelope;
  },
  sampleAt: (context, request) => {
    const point = context.withSamples(request.runId).sampleAt(request);
    if (point !== null && 'refused' in point) throw new ApiFailure('bad-request', point.refused);
    return point;
  },
};
