// Reading a store's artifacts: versions (deleted ones too), aliases and the latest version.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject } from '../../shared/format/json.js';
import { parseJson } from '../../shared/format/json.js';
import { isSegment } from '../../shared/format/names.js';
import { compareUtf8 } from '../../shared/format/utf8.js';
import { log } from '../log.js';
import { isAbsent } from './file-errors.js';
import { isDirectory } from './store.js';

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

function readVersion(path: string): ArtifactVersion | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    // Removed since it was listed: no such version.
    if (!isAbsent(error)) log.warn(`${path} cannot be read; the version is left out`, error);
    return undefined;
  }
  const json = parseJson(bytes);
  if (!(json instanceof Map)) return undefined;
  if (json.get('deleted') === true) {
    const time = json.get('time');
    return { deleted: true, time: typeof time === 'number' ? time : null };
  }
  return { deleted: false, members: json };
}

export function readArtifact(root: string, name: string): Artifact | undefined {
  const dir = join(root, 'artifacts', name);
  if (!isSegment(name) || !isDirectory(dir)) return undefined;
  const numbered: [number, ArtifactVersion][] = [];
  for (const entry of listDir(dir)) {
    const match = VERSION_FILE.exec(entry);
    if (match === null) continue;
    const n = Number(match[1]);
    if (!Number.isSafeInteger(n)) continue;
    const version = readVersion(join(dir, entry));
    if (version !== undefined) numbered.push([n, version]);
  }
  numbered.sort((a, b) => a[0] - b[0]);
  const aliases = new Map<string, number>();
  for (const alias of listDir(join(dir, 'aliases')).sort(compareUtf8)) {
    if (!isSegment(alias)) continue;
    let text: string;
    try {
      text = readFileSync(join(dir, 'aliases', alias), 'utf8');
    } catch (error) {
      // Removed since it was listed (an alias moved): no such alias.
      if (!isAbsent(error))
        log.warn(`${join(dir, 'aliases', alias)} cannot be read; the alias is left out`, error);
      continue;
    }
    const match = ALIAS_CONTENT.exec(text);
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
  for (const name of listDir(join(root, 'artifacts')).sort(compareUtf8)) {
    const artifact = readArtifact(root, name);
    if (artifact !== undefined) out.push(artifact);
  }
  return out;
}
