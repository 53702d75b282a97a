// Checking artifact versions against their blobs, on the calling thread: what a version's check
// found, and for a directory that differs, which of its entries changed after it was published.

import { DIGEST_PREFIX } from '../../shared/format/digest.js';
import type { BlobEntry, HashedBlob, MeasuredBlob } from './blob-check.js';
import { hashBlob, hexOf, measureBlob } from './blob-check.js';

/** A version to check, as its version file says; the caller reads the artifacts. */
export interface VerifyTarget {
  readonly name: string;
  readonly version: number;
  readonly deleted: boolean;
  /** The digest member as written, or null when there is none (or the version is deleted). */
  readonly digest: string | null;
  /** The size member, or null when there is none. */
  readonly size: number | null;
  /**
   * The version file's modification time by the file system (ms): a blob is complete before its
   * version file is written, so an entry changed after it was changed by hand. Null: unknown.
   */
  readonly publishedMs: number | null;
}

/** An entry of a blob directory that changed after its version was published. */
export interface ChangedEntry {
  /** Relative to the blob; '' is the blob directory itself. */
  readonly path: string;
  /** content: a file's bytes were written; entries: a directory's entries added, removed, renamed. */
  readonly change: 'content' | 'entries';
}

export type VerifyResult = {
  readonly name: string;
  readonly version: number;
  readonly digest: string | null;
} & (
  | { readonly status: 'ok' | 'missing' | 'deleted' }
  | { readonly status: 'unreadable'; readonly reason: string }
  | {
      readonly status: 'modified';
      /** The digest computed now, with its prefix. */
      readonly actual: string;
      /** The bytes the blob's files hold now, and what the version's size member says. */
      readonly size: { readonly actual: number; readonly expected: number | null };
      /** A directory only: entries changed after the version's file was written. */
      readonly changed: readonly ChangedEntry[] | null;
      /** A directory only: every entry looks changed, as after a copy that did not keep times. */
      readonly allChanged: boolean;
    }
);

/** Progress of a check: bytes hashed so far, of the bytes every blob to check holds. */
export interface VerifyProgress {
  readonly bytes: number;
  readonly total: number;
}

/** The entries of a directory blob whose times say they changed after the version's file. */
function changedAfter(entries: readonly BlobEntry[], publishedMs: number): ChangedEntry[] {
  return entries
    .filter((entry) => entry.mtimeMs > publishedMs)
    .map((entry) => ({ path: entry.path, change: entry.kind === 'dir' ? 'entries' : 'content' }));
}

function resultOf(
  target: VerifyTarget,
  measured: MeasuredBlob,
  hashed: HashedBlob | undefined,
  hex: string,
): VerifyResult {
  const base = { name: target.name, version: target.version, digest: target.digest };
  if (measured.state === 'missing') return { ...base, status: 'missing' };
  if (measured.state === 'unreadable')
    return { ...base, status: 'unreadable', reason: measured.reason };
  if (hashed === undefined || hashed.state !== 'hashed')
    return hashed === undefined || hashed.state === 'missing'
      ? { ...base, status: 'missing' }
      : { ...base, status: 'unreadable', reason: hashed.reason };
  if (hashed.hex === hex && (target.size === null || target.size === hashed.bytes))
    return { ...base, status: 'ok' };
  const directory = measured.kind === 'dir';
  const changed =
    directory && target.publishedMs !== null
      ? changedAfter(measured.entries, target.publishedMs)
      : null;
  return {
    ...base,
    status: 'modified',
    actual: DIGEST_PREFIX + hashed.hex,
    size: { actual: hashed.bytes, expected: target.size },
    changed,
    allChanged: changed !== null && changed.length === measured.entries.length,
  };
}

/**
 * Checks each target's blob: measures them all first, for a total to tell progress against, then
 * hashes each distinct blob once. `onBytes` is told each chunk hashed; `total` once, first.
 */
export function checkVersions(
  root: string,
  realRoot: string,
  targets: readonly VerifyTarget[],
  onTotal: (total: number) => void,
  onBytes: (bytes: number) => void,
): VerifyResult[] {
  const measured = new Map<string, MeasuredBlob>();
  for (const target of targets) {
    const hex = target.deleted || target.digest === null ? undefined : hexOf(target.digest);
    if (hex !== undefined && !measured.has(hex))
      measured.set(hex, measureBlob(root, realRoot, hex));
  }
  let total = 0;
  for (const blob of measured.values()) if (blob.state === 'found') total += blob.bytes;
  onTotal(total);
  const hashed = new Map<string, HashedBlob>();
  return targets.map((target): VerifyResult => {
    const base = { name: target.name, version: target.version, digest: target.digest };
    if (target.deleted) return { ...base, status: 'deleted' };
    const hex = target.digest === null ? undefined : hexOf(target.digest);
    if (hex === undefined)
      return {
        ...base,
        status: 'unreadable',
        reason: `its version file names no digest of the form ${DIGEST_PREFIX}<64 hex digits>`,
      };
    const blob = measured.get(hex)!;
    if (blob.state === 'found' && !hashed.has(hex))
      hashed.set(hex, hashBlob(blob, realRoot, onBytes));
    return resultOf(target, blob, hashed.get(hex), hex);
  });
}
