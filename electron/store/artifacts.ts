// Reading a store's artifacts: versions (deleted ones too), aliases and the latest version, each
// file through the one safe open and up to a limit.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject } from '../../shared/format/json.js';
import { parseJson } from '../../shared/format/json.js';
import { isSegment } from '../../shared/format/names.js';
import { compareUtf8 } from '../../shared/format/utf8.js';
import { log } from '../log.js';
import { isAbsent } from './file-errors.js';
import { isDirectory } from './store.js';
import { readStoreFile, realStoreRoot } from './store-files.js';

/** A version file holds a few members and metadata: past this it is not one a writer wrote. */
const VERSION_LIMIT = 16 << 20;
/** An alias holds a version number and a line feed. */
const ALIAS_LIMIT = 4 << 10;

export type ArtifactVersion =
  | { readonly deleted: true; readonly time: number | null }
  | { readonly deleted: false; readonly members: JsonObject };

export interface Artifact {
  readonly name: string;
  /** Versions by number, ascending. */
  readonly versions: ReadonlyMap<number, ArtifactVersion>;
  readonly aliases: ReadonlyMap<string, number>;
  /** The highest version not deleted, or null. */
  readonly latest: number | null;
}

const VERSION_FILE = /^([1-9][0-9]*)\.json$/;
// A writer writes "<n>\n"; a file without the line feed names its version as plainly.
const ALIAS_CONTENT = /^([1-9][0-9]*)\n?$/;

function listDir(path: string): string[] {
  try {
    return readdirSync(path);
  } catch (error) {
    // No artifacts/, or an artifact without aliases/: nothing to list.
    if (!isAbsent(error)) log.warn(`${path} cannot be listed; taken as empty`, error);
    return [];
  }
}

/** A small file's bytes, or undefined when absent (removed since listed) or not to be read. */
function readSmall(
  path: string,
  realRoot: string,
  limit: number,
  what: string,
): Buffer | undefined {
  const read = readStoreFile(path, realRoot, limit);
  if (read.state === 'absent') return undefined;
  if (read.state === 'unreadable') {
    log.warn(`${path} ${read.reason}; the ${what} is left out`);
    return undefined;
  }
  if (read.truncated) {
    log.warn(`${path} is ${read.size} bytes, more than a ${what} holds; it is left out`);
    return undefined;
  }
  return read.bytes;
}

function readVersion(path: string, realRoot: string): ArtifactVersion | undefined {
  const bytes = readSmall(path, realRoot, VERSION_LIMIT, 'version');
  if (bytes === undefined) return undefined;
  const json = parseJson(bytes);
  if (!(json instanceof Map)) return undefined;
  if (json.get('deleted') === true) {
    const time = json.get('time');
    return { deleted: true, time: typeof time === 'number' ? time : null };
  }
  return { deleted: false, members: json };
}

export function readArtifact(
  root: string,
  name: string,
  realRoot: string = realStoreRoot(root),
): Artifact | undefined {
  const dir = join(root, 'artifacts', name);
  if (!isSegment(name) || !isDirectory(dir)) return undefined;
  const numbered: [number, ArtifactVersion][] = [];
  for (const entry of listDir(dir)) {
    const match = VERSION_FILE.exec(entry);
    if (match === null) continue;
    const n = Number(match[1]);
    if (!Number.isSafeInteger(n)) continue;
    const version = readVersion(join(dir, entry), realRoot);
    if (version !== undefined) numbered.push([n, version]);
  }
  numbered.sort((a, b) => a[0] - b[0]);
  const aliases = new Map<string, number>();
  for (const alias of listDir(join(dir, 'aliases')).sort(compareUtf8)) {
    if (!isSegment(alias)) continue;
    // Absent: removed since it was listed (an alias moved), no such alias.
    const bytes = readSmall(join(dir, 'aliases', alias), realRoot, ALIAS_LIMIT, 'alias');
    if (bytes === undefined) continue;
    const match = ALIAS_CONTENT.exec(bytes.toString('utf8'));
    if (match !== null && Number.isSafeInteger(Number(match[1])))
      aliases.set(alias, Number(match[1]));
  }
  if (numbered.length === 0 && aliases.size === 0) return undefined;
  let latest: number | null = null;
  for (const [n, version] of numbered) if (!version.deleted) latest = n;
  return { name, versions: new Map(numbered), aliases, latest };
}

/** Every artifact of the store, by name in byte order. */
export function readArtifacts(root: string): Artifact[] {
  const out: Artifact[] = [];
  const realRoot = realStoreRoot(root);
  for (const name of listDir(join(root, 'artifacts')).sort(compareUtf8)) {
    const artifact = readArtifact(root, name, realRoot);
    if (artifact !== undefined) out.push(artifact);
  }
  return out;
}
