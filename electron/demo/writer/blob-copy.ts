// Storing content as a blob: copied into a .-named entry of blobs/ while digesting the bytes
// written, synced, then renamed to blobs/blake2b-256/<hex>, so a blob under its name is complete.

import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { createBlake2b256 } from '../../../shared/format/digest.js';
import { encodeUtf8 } from '../../../shared/format/utf8.js';
import { BLOBS_DIR, LinkToDirectoryError, listBelow } from '../../store/blobs.js';
import {
  removeQuietly,
  syncDirectory,
  workInProgressName,
  writeAll,
} from '../../store/writer/durable-files.js';

export interface StoredBlob {
  /** The 64 hex digits of the content's digest: its name under blobs/blake2b-256/. */
  readonly hex: string;
  /** The content's size in bytes: a file's, or the sum of a directory's files. */
  readonly size: number;
}

type Hash = ReturnType<typeof createBlake2b256>;

const COPY_CHUNK = 1 << 20;

/** Copies a file to a new file at destination, feeding hash the bytes written; returns the size. */
function copyFileDigesting(source: string, destination: string, hash: Hash): number {
  const input = openSync(source, 'r');
  try {
    const output = openSync(destination, 'wx');
    try {
      const buffer = Buffer.allocUnsafe(COPY_CHUNK);
      let size = 0;
      for (;;) {
        const read = readSync(input, buffer, 0, buffer.length, null);
        if (read === 0) break;
        const chunk = buffer.subarray(0, read);
        writeAll(output, chunk);
        hash.update(chunk);
        size += read;
      }
      fsyncSync(output);
      return size;
    } finally {
      closeSync(output);
    }
  } finally {
    closeSync(input);
  }
}

/** Copies a directory tree; its digest is that of its listing, dir:<path> and file:<path>:<hex>. */
function copyDirectoryDigesting(source: string, destination: string): StoredBlob {
  const entries = listBelow(source);
  mkdirSync(destination);
  const listing = createBlake2b256();
  const directories = [destination];
  let size = 0;
  for (const entry of entries) {
    const target = join(destination, ...entry.path.split('/'));
    if (entry.kind === 'dir') {
      mkdirSync(target);
      directories.push(target);
      listing.update(encodeUtf8(`dir:${entry.path}\n`));
    } else {
      const hash = createBlake2b256();
      size += copyFileDigesting(entry.absolute, target, hash);
      listing.update(encodeUtf8(`file:${entry.path}:${hash.hex()}\n`));
    }
  }
  for (const directory of directories) syncDirectory(directory);
  return { hex: listing.hex(), size };
}

/**
 * Stores the file or directory at sourcePath as a blob of the store at root. A symbolic link to
 * a file is stored as that file; a link to a directory is refused. A blob already present under
 * the digest is kept, and the copy dropped.
 */
export function storeBlob(root: string, sourcePath: string): StoredBlob {
  const link = lstatSync(sourcePath);
  const target = link.isSymbolicLink() ? statSync(sourcePath) : link;
  if (target.isDirectory() && link.isSymbolicLink()) throw new LinkToDirectoryError(sourcePath);
  if (!target.isDirectory() && !target.isFile()) {
    throw new Error(`${sourcePath} is neither a file nor a directory, so no blob holds it`);
  }
  const digestDir = join(root, BLOBS_DIR);
  mkdirSync(digestDir, { recursive: true });
  const temporary = join(root, 'blobs', workInProgressName('blob'));
  try {
    let blob: StoredBlob;
    if (target.isDirectory()) {
      blob = copyDirectoryDigesting(sourcePath, temporary);
    } else {
      const hash = createBlake2b256();
      const size = copyFileDigesting(sourcePath, temporary, hash);
      blob = { hex: hash.hex(), size };
    }
    const named = join(digestDir, blob.hex);
    if (existsSync(named)) {
      removeQuietly(temporary);
    } else {
      try {
        renameSync(temporary, named);
      } catch (error) {
        // Another publisher stored the same content meanwhile: a directory cannot replace it.
        if (!existsSync(named)) throw error;
        removeQuietly(temporary);
      }
      syncDirectory(digestDir);
    }
    return blob;
  } catch (error) {
    removeQuietly(temporary);
    throw error;
  }
}
