// Fixture stores in fresh temp directories: logs, writer files, tags, notes, hints, artifacts, blobs.

import { afterAll } from 'vitest';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { blake2b } from '@noble/hashes/blake2.js';
import { logText } from './lines.js';

/** Returns a maker of fresh store roots, all removed after the file's tests. */
export function tempStores(): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'munin-view-test-'));
    made.push(dir);
    return dir;
  };
}

export function runDir(root: string, id: string): string {
  return join(root, 'runs', id);
}

export function logPath(root: string, id: string): string {
  return join(root, 'runs', id, 'events.jsonl');
}

function write(path: string, content: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** Writes a run's log: lines get a line feed each; a string or bytes are written as they are. */
export function writeLog(
  root: string,
  id: string,
  content: readonly string[] | string | Uint8Array,
): string {
  const path = logPath(root, id);
  write(
    path,
    typeof content === 'string' || content instanceof Uint8Array
      ? content
      : logText(content as readonly string[]),
  );
  return path;
}

export function appendLog(root: string, id: string, content: readonly string[] | string): void {
  appendFileSync(logPath(root, id), typeof content === 'string' ? content : logText(content));
}

/** Writes the run's writer file: an identity object, or raw text. */
export function writeWriter(
  root: string,
  id: string,
  writer: { machine?: string; boot?: string } | string,
): void {
  write(
    join(runDir(root, id), 'writer'),
    typeof writer === 'string' ? writer : JSON.stringify(writer),
  );
}

/** The 64 hex digits of BLAKE2b-256 (unkeyed), computed here from the hash library directly. */
export function blake2bHex(bytes: Uint8Array | string): string {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  return Buffer.from(blake2b(data, { dkLen: 32 })).toString('hex');
}

/** Adds a tag as a writer does: tags/<digest of its bytes> holding the bytes. Returns the name. */
export function addTag(root: string, id: string, tag: string): string {
  const name = blake2bHex(tag);
  write(join(runDir(root, id), 'tags', name), Buffer.from(tag, 'utf8'));
  return name;
}

/** Writes a file under tags/ with any name and bytes, such as a damaged tag. */
export function writeTagFile(
  root: string,
  id: string,
  name: string,
  bytes: string | Uint8Array,
): void {
  write(join(runDir(root, id), 'tags', name), bytes);
}

export function writeNotes(root: string, id: string, text: string | Uint8Array): void {
  write(join(runDir(root, id), 'notes'), text);
}

export function writeRunFile(
  root: string,
  id: string,
  relative: string,
  content: string | Uint8Array,
): void {
  write(join(runDir(root, id), relative), content);
}

export function writeStats(root: string, id: string, text: string): void {
  write(join(runDir(root, id), 'stats.json'), text);
}

/** Writes artifacts/<name>/<file>: a version file (`3.json`) or anything else, as raw text. */
export function writeArtifactFile(root: string, name: string, file: string, text: string): void {
  write(join(root, 'artifacts', name, file), text);
}

export function writeAlias(root: string, name: string, alias: string, text: string): void {
  write(join(root, 'artifacts', name, 'aliases', alias), text);
}

/** Stores bytes as a blob under their digest's name; returns the digest with its prefix. */
export function writeBlob(root: string, bytes: string | Uint8Array): string {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  const hex = blake2bHex(data);
  write(join(root, 'blobs', 'blake2b-256', hex), data);
  return `blake2b-256:${hex}`;
}

export function writeAt(path: string, content: string | Uint8Array): void {
  write(path, content);
}

/** Appends `bytes` bytes of `fill` to the file at path, a MiB at a time: a long line, unwritten. */
export function appendFill(path: string, bytes: number, fill = 'x'): void {
  const MiB = 1 << 20;
  const block = Buffer.alloc(MiB, fill);
  for (let left = bytes; left > 0; left -= MiB)
    appendFileSync(path, left >= MiB ? block : block.subarray(0, left));
}
