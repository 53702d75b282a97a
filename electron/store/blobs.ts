// Blob digests of content a writer is given (outside a store, so opened plainly): a file's
// BLAKE2b-256, a directory's digest of its listing; and a stored blob checked against its name.

import { closeSync, lstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createBlake2b256, DIGEST_PREFIX } from '../../shared/format/digest.js';
import { compareUtf8, encodeUtf8 } from '../../shared/format/utf8.js';
import type { BlobCheck } from './blob-check.js';
import { checkBlob } from './blob-check.js';
import { realStoreRoot } from './store-files.js';

export { BLOBS_DIR } from './blob-check.js';
export type { BlobCheck } from './blob-check.js';

/**
 * The hex BLAKE2b-256 of a file's bytes, read in chunks; a link to a file digests as the file.
 * For a writer's own content: a blob in a store is read through blob-check.ts instead.
 */
export function digestFile(path: string): string {
  const hash = createBlake2b256();
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      hash.update(buffer.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
  return hash.hex();
}

export class LinkToDirectoryError extends Error {
  constructor(readonly path: string) {
    super(`${path} is a symbolic link to a directory, which a blob cannot hold`);
  }
}

/** One entry below a directory: its path relative to the directory, and what it is. */
export interface ListingEntry {
  readonly path: string;
  readonly kind: 'dir' | 'file';
  readonly absolute: string;
}

/** Every entry below dir in the byte order of their relative paths; refuses links to directories. */
export function listBelow(dir: string): ListingEntry[] {
  const entries: ListingEntry[] = [];
  const walk = (absolute: string, relative: string): void => {
    for (const name of readdirSync(absolute)) {
      const childAbsolute = join(absolute, name);
      const childRelative = relative === '' ? name : `${relative}/${name}`;
      const link = lstatSync(childAbsolute);
      const target = link.isSymbolicLink() ? statSync(childAbsolute) : link;
      if (target.isDirectory()) {
        if (link.isSymbolicLink()) throw new LinkToDirectoryError(childAbsolute);
        entries.push({ path: childRelative, kind: 'dir', absolute: childAbsolute });
        walk(childAbsolute, childRelative);
      } else {
        entries.push({ path: childRelative, kind: 'file', absolute: childAbsolute });
      }
    }
  };
  walk(dir, '');
  return entries.sort((a, b) => compareUtf8(a.path, b.path));
}

/** A directory's digest: that of its listing, a line per entry, `dir:<path>` or `file:<path>:<hex>`. */
export function digestDirectory(dir: string): string {
  const hash = createBlake2b256();
  for (const entry of listBelow(dir)) {
    const line =
      entry.kind === 'dir'
        ? `dir:${entry.path}\n`
        : `file:${entry.path}:${digestFile(entry.absolute)}\n`;
    hash.update(encodeUtf8(line));
  }
  return hash.hex();
}

/** The digest of a file or a directory, with the `blake2b-256:` prefix. */
export function digestOf(path: string): string {
  return DIGEST_PREFIX + (statSync(path).isDirectory() ? digestDirectory(path) : digestFile(path));
}

/** Computes a stored blob's digest again, every read through the store's safe open, and
 * compares it with its name; verify.ts tells more (which failure, progress, off this thread). */
export function verifyBlob(root: string, digest: string): BlobCheck {
  return checkBlob(root, realStoreRoot(root), digest);
}
