// Checking a stored blob against its digest by the format's rules, every byte read through the
// one safe open: no FIFO blocks the check, no link leads it out of the store.

import type { Stats } from 'node:fs';
import { closeSync, lstatSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createBlake2b256, DIGEST_PREFIX, HEX_DIGEST } from '../../shared/format/digest.js';
import { compareUtf8, encodeUtf8 } from '../../shared/format/utf8.js';
import { isAbsent } from './file-errors.js';
import {
  checkStoreDirectory,
  openStoreFile,
  UnreadableFile,
  unreadableFromError,
  whyUnreadable,
} from './store-files.js';

export const BLOBS_DIR = join('blobs', 'blake2b-256');

/** Bytes read per system call: large enough that the hash, not the calls, sets the pace. */
const CHUNK = 1 << 20;

/** One entry of a blob directory, as the listing names it, with what a hint about it needs. */
export interface BlobEntry {
  /** Relative to the blob, `/`-separated; '' is the blob itself. */
  readonly path: string;
  readonly kind: 'dir' | 'file';
  readonly absolute: string;
  /** Bytes the file held when listed (a link's target's); 0 for a directory. */
  readonly size: number;
  /** When its content (a directory: its list of entries) last changed, by the file system. */
  readonly mtimeMs: number;
}

/** A blob as found: what a check will read, and how many bytes that is. */
export type MeasuredBlob =
  | { readonly state: 'missing' }
  | { readonly state: 'unreadable'; readonly reason: string }
  | {
      readonly state: 'found';
      readonly kind: 'dir' | 'file';
      /** A file blob: the blob itself; a directory: the directory ('') then its entries in order. */
      readonly entries: readonly BlobEntry[];
      readonly bytes: number;
    };

/** The hex digits of a digest written with or without its prefix, or undefined when malformed. */
export function hexOf(digest: string): string | undefined {
  const hex = digest.startsWith(DIGEST_PREFIX) ? digest.slice(DIGEST_PREFIX.length) : digest;
  return HEX_DIGEST.test(hex) ? hex : undefined;
}

/** What a name of the blob is, links followed: a link to a directory is refused here. */
function kindAt(path: string, link: Stats): { kind: 'dir' | 'file'; stat: Stats } {
  if (!link.isSymbolicLink()) return { kind: link.isDirectory() ? 'dir' : 'file', stat: link };
  let target: Stats;
  try {
    target = statSync(path);
  } catch {
    // A link to nothing, or a loop: the open says which, when the check reads it.
    return { kind: 'file', stat: link };
  }
  if (target.isDirectory())
    throw new UnreadableFile(
      path,
      'is a symbolic link to a directory, which a blob cannot hold',
      'ELINKDIR',
    );
  return { kind: 'file', stat: target };
}

function entryOf(path: string, absolute: string, link: Stats): BlobEntry {
  const { kind, stat } = kindAt(absolute, link);
  return { path, kind, absolute, size: kind === 'file' ? stat.size : 0, mtimeMs: stat.mtimeMs };
}

/** Every entry below a blob directory, in the byte order of their relative paths. */
function listBlobDirectory(dir: string): BlobEntry[] {
  const entries: BlobEntry[] = [];
  const walk = (absolute: string, relative: string): void => {
    let names: string[];
    try {
      names = readdirSync(absolute);
    } catch (error) {
      throw unreadableFromError(absolute, error);
    }
    for (const name of names) {
      const childAbsolute = join(absolute, name);
      const childRelative = relative === '' ? name : `${relative}/${name}`;
      let link: Stats;
      try {
        link = lstatSync(childAbsolute);
      } catch (error) {
        throw unreadableFromError(childAbsolute, error);
      }
      const entry = entryOf(childRelative, childAbsolute, link);
      entries.push(entry);
      if (entry.kind === 'dir') walk(childAbsolute, childRelative);
    }
  };
  walk(dir, '');
  return entries.sort((a, b) => compareUtf8(a.path, b.path));
}

/** Finds the blob named by hex under root and lists what checking it reads; reads no content. */
export function measureBlob(root: string, realRoot: string, hex: string): MeasuredBlob {
  const path = join(root, BLOBS_DIR, hex);
  try {
    if (!checkStoreDirectory(join(root, BLOBS_DIR), realRoot)) return { state: 'missing' };
    const link = lstatSync(path, { throwIfNoEntry: false });
    if (link === undefined) return { state: 'missing' };
    const top = entryOf('', path, link);
    if (top.kind === 'file')
      return { state: 'found', kind: 'file', entries: [top], bytes: top.size };
    const below = listBlobDirectory(path);
    const bytes = below.reduce((sum, entry) => sum + entry.size, 0);
    return { state: 'found', kind: 'dir', entries: [top, ...below], bytes };
  } catch (error) {
    if (isAbsent(error)) return { state: 'missing' };
    return { state: 'unreadable', reason: describe(path, error) };
  }
}

/** The reason with the path it is about, as one line. */
function describe(path: string, error: unknown): string {
  return error instanceof UnreadableFile ? error.message : `${path} ${whyUnreadable(path, error)}`;
}

/** Feeds the bytes of the store file at path to hash; returns how many there were. */
function hashStoreFile(
  path: string,
  realRoot: string,
  hash: { update(bytes: Uint8Array): void },
  buffer: Buffer,
  onBytes: (bytes: number) => void,
): number {
  const { fd } = openStoreFile(path, realRoot);
  let total = 0;
  try {
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) return total;
      hash.update(buffer.subarray(0, read));
      total += read;
      onBytes(read);
    }
  } catch (error) {
    throw unreadableFromError(path, error);
  } finally {
    closeSync(fd);
  }
}

/** A found blob's digest computed again: its hex and the bytes its files hold now. */
export type HashedBlob =
  | { readonly state: 'hashed'; readonly hex: string; readonly bytes: number }
  | { readonly state: 'missing' }
  | { readonly state: 'unreadable'; readonly reason: string };

/** Digests a measured blob: a file's bytes, or a directory's listing with its files' digests. */
export function hashBlob(
  blob: MeasuredBlob & { state: 'found' },
  realRoot: string,
  onBytes: (bytes: number) => void = () => {},
): HashedBlob {
  const buffer = Buffer.allocUnsafe(CHUNK);
  let current = blob.entries[0]!.absolute;
  try {
    if (blob.kind === 'file') {
      const hash = createBlake2b256();
      const bytes = hashStoreFile(current, realRoot, hash, buffer, onBytes);
      return { state: 'hashed', hex: hash.hex(), bytes };
    }
    const listing = createBlake2b256();
    let bytes = 0;
    for (const entry of blob.entries.slice(1)) {
      current = entry.absolute;
      if (entry.kind === 'dir') {
        listing.update(encodeUtf8(`dir:${entry.path}\n`));
        continue;
      }
      const hash = createBlake2b256();
      bytes += hashStoreFile(entry.absolute, realRoot, hash, buffer, onBytes);
      listing.update(encodeUtf8(`file:${entry.path}:${hash.hex()}\n`));
    }
    return { state: 'hashed', hex: listing.hex(), bytes };
  } catch (error) {
    // Removed since it was listed: the blob is no longer whole, which a collector explains.
    if (isAbsent(error)) return { state: 'missing' };
    return { state: 'unreadable', reason: describe(current, error) };
  }
}

export type BlobCheck = 'intact' | 'corrupt' | 'missing';

/** Computes a stored blob's digest again, on this thread, and compares it with its name. */
export function checkBlob(root: string, realRoot: string, digest: string): BlobCheck {
  const hex = hexOf(digest);
  if (hex === undefined) return 'missing';
  const measured = measureBlob(root, realRoot, hex);
  if (measured.state === 'missing') return 'missing';
  // Bytes that cannot be read cannot be vouched for.
  if (measured.state === 'unreadable') return 'corrupt';
  const hashed = hashBlob(measured, realRoot);
  if (hashed.state === 'missing') return 'missing';
  return hashed.state === 'hashed' && hashed.hex === hex ? 'intact' : 'corrupt';
}
