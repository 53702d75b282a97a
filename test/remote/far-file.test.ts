// A far run's logged file read as the near host reads it (far-file.ts), against a far host that is
// a local Backend's session: parts asked for never past the cap, a small file answered by its
// first part alone, a file rewritten between parts failing the read, and the far refusals as the
// logged file's statuses (404, 403; 503 while the host is not reached).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Session } from '../../electron/host/backend.js';
import { Backend } from '../../electron/host/backend.js';
import { fileStream } from '../../electron/host/logged-file-response.js';
import type { FarFileHost } from '../../electron/sources/remote/far-file.js';
import { FIRST_PART_BYTES, openFarFile } from '../../electron/sources/remote/far-file.js';
import { ApiFailure } from '../../electron/host/ops/api-failure.js';
import { LoggedFileRefusal } from '../../electron/store/logged-files.js';
import type { LoggedFilePart, RequestOf } from '../../shared/api/contract.js';
import { MAX_FILE_PART_BYTES } from '../../shared/api/contract.js';
import { BIG_BYTES, FILES_RUN, LOGGED, writeLoggedFilesRun } from '../support/logged-files-run.js';
import { runDir, tempStores } from '../support/store-fixture.js';

const newStore = tempStores();
let root: string;
let files: ReturnType<typeof writeLoggedFilesRun>;
let backend: Backend;
let session: Session;

/** A far host answering from the local session, keeping what it was asked. */
function farHost(): { far: FarFileHost; asked: RequestOf<'loggedFilePart'>[] } {
  const asked: RequestOf<'loggedFilePart'>[] = [];
  const far: FarFileHost = {
    host: 'far-test',
    connected: true,
    request: async (request: RequestOf<'loggedFilePart'>) => {
      asked.push(request);
      const response = await session.request(request);
      if (!response.ok) throw new ApiFailure(response.error.code, response.error.message);
      return response.result as LoggedFilePart;
    },
  };
  return { far, asked };
}

async function streamed(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

async function refusalOf(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LoggedFileRefusal);
  return [(error as LoggedFileRefusal).status, (error as LoggedFileRefusal).reason];
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

describe('a far logged file', () => {
  it('streams a file of several parts whole, never asking for more than the cap', async () => {
    const { far, asked } = farHost();
    const file = await openFarFile(far, FILES_RUN, LOGGED.big);
    expect(file.size).toBe(BIG_BYTES);
    expect(file.partBytes).toBe(MAX_FILE_PART_BYTES);
    const bytes = await streamed(fileStream(file, 0, file.size));
    expect(bytes.equals(files.big)).toBe(true);
    expect(asked.map((request) => [request.offset, request.length])).toEqual([
      [0, FIRST_PART_BYTES],
      [0, MAX_FILE_PART_BYTES],
      [MAX_FILE_PART_BYTES, MAX_FILE_PART_BYTES],
      [2 * MAX_FILE_PART_BYTES, BIG_BYTES - 2 * MAX_FILE_PART_BYTES],
    ]);
    expect(asked.every((request) => request.runId === FILES_RUN)).toBe(true);
  });

  it('answers a small file from the part asked for on opening', async () => {
    const { far, asked } = farHost();
    const file = await openFarFile(far, FILES_RUN, LOGGED.image);
    const part = await file.read(10, 6);
    expect(Buffer.from(part).equals(files.image.subarray(10, 16))).toBe(true);
    const bytes = await streamed(fileStream(file, 0, file.size));
    expect(bytes.equals(files.image)).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it('fails the read of a file rewritten between its parts, saying so', async () => {
    const path = join(runDir(root, FILES_RUN), LOGGED.big);
    const { far } = farHost();
    const file = await openFarFile(far, FILES_RUN, LOGGED.big);
    const reader = fileStream(file, 0, file.size).getReader();
    expect((await reader.read()).value?.length).toBe(MAX_FILE_PART_BYTES);
    try {
      writeFileSync(path, Buffer.alloc(BIG_BYTES + 1, 1));
      await expect(
        (async () => {
          for (;;) if ((await reader.read()).done) return;
        })(),
      ).rejects.toThrow('the file changed on far-test while it was read');
    } finally {
      writeFileSync(path, files.big);
    }
  });

  it('refuses as the far host refuses, and 503 while the host is not reached', async () => {
    const { far } = farHost();
    expect(await refusalOf(openFarFile(far, FILES_RUN, LOGGED.gone))).toEqual([
      404,
      'the file is not there',
    ]);
    expect(await refusalOf(openFarFile(far, 'no-such-run', LOGGED.image))).toEqual([
      404,
      'no run no-such-run in this store',
    ]);
    expect(await refusalOf(openFarFile(far, FILES_RUN, LOGGED.fifo))).toEqual([
      403,
      'the file is a FIFO (named pipe), not a file',
    ]);
    const down: FarFileHost = {
      host: 'far-test',
      connected: false,
      request: () => Promise.reject(new ApiFailure('unreadable', 'far-test is not connected')),
    };
    expect(await refusalOf(openFarFile(down, FILES_RUN, LOGGED.image))).toEqual([
      503,
      'far-test is not connected',
    ]);
  });
});
