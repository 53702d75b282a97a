// The bridge an offline report's charts talk to: the app's chart code asks for envelopes and
// cursor points as it asks the host, and the report's own points answer. Everything else the
// app could ask (tags, files, live deltas) a report has not: it answers that plainly.

import type { ApiFunctions, MuninBridge } from '../../../shared/api/bridge.js';
import { API_OPS } from '../../../shared/api/bridge.js';
import type { ApiError, ApiOp, ApiResponse } from '../../../shared/api/contract.js';
import type { ReportCurves } from './report-curves.js';

function refused(op: ApiOp): ApiResponse {
  return {
    ok: false,
    error: { code: 'bad-request', message: `a report holds no answer to ${op}: it is a copy` },
  };
}

function failed(error: unknown): { ok: false; error: ApiError } {
  return { ok: false, error: { code: 'bad-request', message: String(error) } };
}

export function reportBridge(curves: ReportCurves): MuninBridge {
  const api = Object.fromEntries(
    API_OPS.map((op) => [op, () => Promise.resolve(refused(op))]),
  ) as unknown as Record<ApiOp, unknown>;
  api.envelopes = ({ requests }: { requests: Parameters<ReportCurves['envelope']>[0][] }) => {
    try {
      return Promise.resolve({ ok: true, result: requests.map((q) => curves.envelope(q)) });
    } catch (error) {
      return Promise.resolve(failed(error));
    }
  };
  api.sampleAt = (request: Parameters<ReportCurves['sampleAt']>[0]) => {
    try {
      return Promise.resolve({ ok: true, result: curves.sampleAt(request) });
    } catch (error) {
      return Promise.resolve(failed(error));
    }
  };
  return {
    transport: 'web',
    api: api as ApiFunctions,
    onDelta: () => () => {},
    onConnectionChange: () => () => {},
    desktop: null,
  };
}
