// The op that reads a part of a file a run logged through the host's one safe open: how a far
// store's files reach the host that shows them (sources/remote/far-file.ts asks it), a part of at
// most MAX_FILE_PART_BYTES a request, so that no answer nears a frame's cap.

import type { LoggedFilePart, RequestOf } from '../../../shared/api/contract.js';
import type { LoggedFileBytes } from '../../store/logged-file-bytes.js';
import { LoggedFileRefusal } from '../../store/logged-files.js';
import { ApiFailure } from './api-failure.js';
import type { OpContext, OpHandlers } from './op-context.js';

/** A refusal in the Api's terms: a file that is not there (404), or one that may not be read. */
function refusalFailure(error: unknown): unknown {
  if (!(error instanceof LoggedFileRefusal)) return error;
  return new ApiFailure(error.status === 404 ? 'no-such-file' : 'unreadable', error.reason);
}

async function loggedFilePart(
  context: OpContext,
  request: RequestOf<'loggedFilePart'>,
): Promise<LoggedFilePart> {
  // A run that is not there is refused as every run op refuses it.
  context.entry(request.runId);
  let file: LoggedFileBytes;
  try {
    file = await context.loggedFile(request.runId, request.path);
  } catch (error) {
    throw refusalFailure(error);
  }
  try {
    const bytes = await file.read(request.offset, request.length);
    return {
      base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64'),
      offset: request.offset,
      size: file.size,
      modified: file.modified,
    };
  } catch (error) {
    if (error instanceof LoggedFileRefusal || error instanceof ApiFailure)
      throw refusalFailure(error);
    throw new ApiFailure(
      'unreadable',
      `the file cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    file.close();
  }
}

export const FILE_OPS: OpHandlers<'loggedFilePart'> = {
  loggedFilePart,
};
