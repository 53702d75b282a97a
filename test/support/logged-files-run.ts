// A run that logged files of every case a reader of them meets: an image, a file of several
// parts (past two of MAX_FILE_PART_BYTES), a Markdown note, and the refusals: a record whose file
// is not there, a FIFO, and a link out of the run.

import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_FILE_PART_BYTES } from '../../shared/api/contract.js';
import { fileLine, metricsLine, startLine } from './lines.js';
import { stepImage } from './png.js';
import { Prng } from './prng.js';
import { runDir, writeLog, writeRunFile } from './store-fixture.js';

export const FILES_RUN = '20261105T000000Z-files001';

/** The run's files by what they test, as their records name them. */
export const LOGGED = {
  image: 'files/img/0.png',
  big: 'files/big/0.bin',
  note: 'files/note/0.md',
  gone: 'files/gone/0.png',
  fifo: 'files/pipe/0.txt',
  leak: 'files/leak/0.txt',
} as const;

/** Bytes no part boundary lines up with: two whole parts and some. */
export const BIG_BYTES = 2 * MAX_FILE_PART_BYTES + 12_345;

/** Writes the run into the store at root; returns the bytes of the files that are there. */
export function writeLoggedFilesRun(root: string): { image: Buffer; big: Buffer; note: string } {
  const image = stepImage(48, 32, 1.3);
  const prng = new Prng(77);
  const big = Buffer.from(Uint8Array.from({ length: BIG_BYTES }, () => prng.int(256)));
  const note = '# Evaluation\n\nThe loss went **down**.\n';
  writeLog(root, FILES_RUN, [
    startLine(),
    metricsLine(0, { loss: 1 }),
    ...Object.entries(LOGGED).map(([key, path]) => fileLine(key, 0, path)),
  ]);
  writeRunFile(root, FILES_RUN, LOGGED.image, image);
  writeRunFile(root, FILES_RUN, LOGGED.big, big);
  writeRunFile(root, FILES_RUN, LOGGED.note, note);
  const dir = runDir(root, FILES_RUN);
  mkdirSync(join(dir, 'files/pipe'), { recursive: true });
  const fifo = spawnSync('mkfifo', [join(dir, LOGGED.fifo)]);
  if (fifo.status !== 0) throw new Error(`mkfifo failed: ${fifo.stderr.toString()}`);
  const outside = join(root, 'outside.txt');
  writeFileSync(outside, 'not the run’s');
  mkdirSync(join(dir, 'files/leak'), { recursive: true });
  symlinkSync(outside, join(dir, LOGGED.leak));
  return { image, big, note };
}
