// The bridge an offline report's charts talk to: the app's chart code asks for envelopes and
// cursor points as it asks the host, and the report's own points answer. Everything else the
// app could ask (tags, files, live deltas) a report has not: it answers that plainly.

import type { ApiFunctions, ArgsOf, MuninBridge } from '../../../shared/api/bridge.js';
import { API_OPS } from '../../../shared/api/bridge.js';
import { pointsToColumns } from '../../../shared/api/points-at-columns.js';
import type { ApiError, ApiOp, ApiResponse } from '../../../shared/api/contract.js';
import type { ReportCurves } from './report-curves.js';
import type { ReportGroupCurves } from './report-group-curves.js';

function refused(op: ApiOp): ApiResponse {
  return {
    ok: false,
    error: { code: 'bad-request', message: `a report holds no answer to ${op}: it is a copy` },
  };
}

function failed(error: unknown): { ok: false; error: ApiError } {
  return { ok: false, error: { code: 'bad-request', message: String(error) } };
}

/** An op answered now from the report, or refused with why. */
function answered<Args, Result>(answer: (args: Args) => Result) {
  return (args: Args) => {
    try {
      return Promise.resolve({ ok: true as const, result: answer(args) });
    } catch (error) {
      return Promise.resolve(failed(error));
    }
  };
}

export function reportBridge(curves: ReportCurves, groups: ReportGroupCurves): MuninBridge {
  const api = Object.fromEntries(
    API_OPS.map((op) => [op, () => Promise.resolve(refused(op))]),
  ) as unknown as Record<ApiOp, unknown>;
  api.envelope = answered((query: ArgsOf<'envelope'>) => curves.envelope(query));
  api.envelopes = answered(({ requests }: ArgsOf<'envelopes'>) =>
    requests.map((query) => curves.envelope(query)),
  );
  api.sampleAt = answered((request: ArgsOf<'sampleAt'>) => curves.sampleAt(request));
  api.samplesAt = answered(({ requests }: ArgsOf<'samplesAt'>) =>
    pointsToColumns(requests.map((query) => curves.sampleAt(query))),
  );
  api.groupEnvelope = answered((request: ArgsOf<'groupEnvelope'>) => groups.groupEnvelope(request));
  api.groupAt = answered((request: ArgsOf<'groupAt'>) => groups.groupAt(request));
  return {
    transport: 'web',
    api: api as ApiFunctions,
    onDelta: () => () => {},
    onConnectionChange: () => () => {},
    desktop: null,
  };
}
