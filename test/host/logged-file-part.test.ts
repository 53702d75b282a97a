// The loggedFilePart op: a bounded part of a logged file through the one safe open, its size and
// time with it; the safe open's refusals in the Api's terms; a request past the cap, or naming no
// path a record could hold, refused before the Backend sees it; the largest part within a frame.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Session } from '../../electron/host/backend.js';
import { Backend } from '../../electron/host/backend.js';
import { nodeTextCodec } from '../../electron/host/node-text-codec.js';
import type { ApiResponse, LoggedFilePart } from '../../shared/api/contract.js';
import { MAX_FILE_PART_BYTES } from '../../shared/api/contract.js';
import { MAX_SERVER_FRAME_BYTES } from '../../shared/api/stdio-frames.js';
import { parseApiRequest } from '../../shared/api/validate.js';
import { encodeWireMessage } from '../../shared/api/wire-codec.js';
import { BIG_BYTES, FILES_RUN, LOGGED, writeLoggedFilesRun } from '../support/logged-files-run.js';
import { runDir, tempStores } from '../support/store-fixture.js';

const newStore = tempStores();
let root: string;
let files: ReturnType<typeof writeLoggedFilesRun>;
let backend: Backend;
let session: Session;

const part = (path: string, offset: number, length: number, runId = FILES_RUN) =>
  session.request({ op: 'loggedFilePart', runId, path, offset, length });

function bytesOf(response: ApiResponse): Buffer {
  if (!response.ok) throw new Error(response.error.message);
  return Buffer.from((response.result as LoggedFilePart).base64, 'base64');
}

beforeAll(async () => {
  root = newStore();
  files = writeLoggedFilesRun(root);
  backend = await Backend.open(root);
  session = backend.connect(() => {});
});

afterAll(async () => {
  session.close();
  await backend.close();
});

describe('loggedFilePart', () => {
  it('reads the part asked for, with the whole file’s size and modification time', async () => {
    const answer = await part(LOGGED.big, 1000, 5000);
    const stat = statSync(join(runDir(root, FILES_RUN), LOGGED.big));
    expect(answer).toMatchObject({
      ok: true,
      result: { offset: 1000, size: BIG_BYTES, modified: stat.mtimeMs },
    });
    expect(bytesOf(answer).equals(files.big.subarray(1000, 6000))).toBe(true);
    // Fewer bytes where the file ends; none past it.
    expect(bytesOf(await part(LOGGED.big, BIG_BYTES - 3, 100)).equals(files.big.subarray(-3))).toBe(
      true,
    );
    expect(bytesOf(await part(LOGGED.big, BIG_BYTES + 10, 100)).length).toBe(0);
    const whole = bytesOf(await part(LOGGED.big, 0, MAX_FILE_PART_BYTES));
    expect(whole.equals(files.big.subarray(0, MAX_FILE_PART_BYTES))).toBe(true);
  });

  it('refuses as the safe open does, in the Api’s terms', async () => {
    const cases: [string, string, string, string][] = [
      [FILES_RUN, LOGGED.gone, 'no-such-file', 'the file is not there'],
      [FILES_RUN, 'files/img/9.png', 'no-such-file', 'no file record of the run names this file'],
      [FILES_RUN, LOGGED.fifo, 'unreadable', 'the file is a FIFO (named pipe), not a file'],
      [FILES_RUN, LOGGED.leak, 'unreadable', 'link out of the run’s directory'],
      ['no-such-run', LOGGED.image, 'no-such-run', 'no run no-such-run'],
    ];
    for (const [runId, path, code, words] of cases) {
      const answer = await part(path, 0, 10, runId);
      expect(answer.ok, path).toBe(false);
      if (answer.ok) continue;
      expect(answer.error.code, path).toBe(code);
      expect(answer.error.message, path).toContain(words);
    }
  });

  it('refuses a part past the cap and a path no record could hold, before the Backend', () => {
    const good = { op: 'loggedFilePart', runId: FILES_RUN, path: LOGGED.image, offset: 0 };
    expect(parseApiRequest({ ...good, length: MAX_FILE_PART_BYTES })).toEqual({
      ...good,
      length: MAX_FILE_PART_BYTES,
    });
    const refused: [Record<string, unknown>, string][] = [
      [{ ...good, length: MAX_FILE_PART_BYTES + 1 }, 'length must be'],
      [{ ...good, length: 1.5 }, 'length must be'],
      [{ ...good, offset: -1, length: 1 }, 'offset must be'],
      [{ ...good, offset: 2 ** 53, length: 1 }, 'offset must be'],
      [{ ...good, path: '', length: 1 }, 'path must be'],
      [{ ...good, path: 'x'.repeat(4097), length: 1 }, 'path must be'],
      [{ ...good, path: 'files/a\u0000b', length: 1 }, 'without NUL'],
      [{ ...good, path: 'files/\ud800', length: 1 }, 'valid Unicode'],
      [{ ...good, path: 7, length: 1 }, 'path must be'],
      [{ ...good, runId: '../x', length: 1 }, 'runId'],
    ];
    for (const [request, words] of refused) {
      const parsed = parseApiRequest(request);
      expect(parsed, words).toMatchObject({ code: 'bad-request' });
      expect('message' in parsed && parsed.message, words).toContain(words);
    }
  });

  it('answers the largest part in a frame far below the stdio cap', async () => {
    const answer = await part(LOGGED.big, 0, MAX_FILE_PART_BYTES);
    const frame = encodeWireMessage({ type: 'response', id: 1, response: answer }, nodeTextCodec);
    expect(frame.length).toBeGreaterThan(MAX_FILE_PART_BYTES);
    expect(frame.length).toBeLessThan(MAX_SERVER_FRAME_BYTES / 8);
  });
});
