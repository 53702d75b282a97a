// Every Api operation's handler, in one table looked up by the request's op: a new op is a
// handler in its group's module, and the table's type refuses an op without one.

import type { ApiOp, ApiRequest, ApiResults } from '../../../shared/api/contract.js';
import type { HubSession } from '../session-hub.js';
import type { OpContext, OpHandler, OpHandlers } from './op-context.js';
import { ARTIFACT_OPS } from './artifact-ops.js';
import { REPORT_OPS } from './report-ops.js';
import { FILE_OPS } from './file-ops.js';
import { RUN_OPS } from './run-ops.js';
import { STORE_OPS } from './store-ops.js';
import { SWEEP_OPS } from './sweep-ops.js';
import { WRITE_OPS } from './write-ops.js';

const OP_HANDLERS: OpHandlers = {
  ...STORE_OPS,
  ...ARTIFACT_OPS,
  ...RUN_OPS,
  ...FILE_OPS,
  ...WRITE_OPS,
  ...SWEEP_OPS,
  ...REPORT_OPS,
};

/** Answers a request checked against the contract, or throws why it cannot. */
export function answerRequest(
  context: OpContext,
  request: ApiRequest,
  session: HubSession,
): ApiResults[ApiOp] | Promise<ApiResults[ApiOp]> {
  const handler = OP_HANDLERS[request.op] as OpHandler<ApiOp>;
  return handler(context, request as never, session);
}
