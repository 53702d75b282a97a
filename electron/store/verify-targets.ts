// Which versions a verify names: every version not deleted, or those NAME, NAME:N and NAME@ALIAS
// name, each as its version file says, with the file's time to tell later changes by.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonValue } from '../../shared/format/json.js';
import type { Artifact, ArtifactVersion } from './artifacts.js';
import { readArtifact, readArtifacts } from './artifacts.js';
import { realStoreRoot } from './store-files.js';
import type { VerifyTarget } from './verify-check.js';

/** A NAME, NAME:N or NAME@ALIAS that names nothing in the store; its message names it. */
export class UnknownTarget extends Error {}

function versionFileTime(root: string, name: string, version: number): number | null {
  const path = join(root, 'artifacts', name, `${version}.json`);
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? null;
}

/** The size member as a count of bytes: an exact integer (bigint as parsed), else unknown. */
function sizeOf(value: JsonValue | undefined): number | null {
  const n = typeof value === 'bigint' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function targetOf(root: string, name: string, n: number, version: ArtifactVersion): VerifyTarget {
  const base = { name, version: n, publishedMs: versionFileTime(root, name, n) };
  if (version.deleted) return { ...base, deleted: true, digest: null, size: null };
  const digest = version.members.get('digest');
  const size = version.members.get('size');
  return {
    ...base,
    deleted: false,
    digest: typeof digest === 'string' ? digest : null,
    size: sizeOf(size),
  };
}

/** Every version not deleted of every artifact, by name in byte order, then by number. */
export function allTargets(root: string): VerifyTarget[] {
  const out: VerifyTarget[] = [];
  for (const artifact of readArtifacts(root))
    for (const [n, version] of artifact.versions)
      if (!version.deleted) out.push(targetOf(root, artifact.name, n, version));
  return out;
}

function versionTarget(root: string, artifact: Artifact, n: number, spec: string): VerifyTarget {
  const version = artifact.versions.get(n);
  if (version === undefined)
    throw new UnknownTarget(`${spec}: ${artifact.name} has no version ${n}`);
  return targetOf(root, artifact.name, n, version);
}

/**
 * The versions one NAME, NAME:N or NAME@ALIAS names: a name's versions not deleted; a number's or
 * an alias's version even when deleted (the check says so). A name may hold ':' and '@', so a
 * spec that is an artifact's whole name names it; else it splits at its last '@' or ':'.
 */
export function resolveTarget(
  root: string,
  spec: string,
  realRoot: string = realStoreRoot(root),
): VerifyTarget[] {
  const whole = readArtifact(root, spec, realRoot);
  if (whole !== undefined) {
    const versions = [...whole.versions].filter(([, version]) => !version.deleted);
    return versions.map(([n, version]) => targetOf(root, whole.name, n, version));
  }
  const at = spec.lastIndexOf('@');
  const colon = spec.lastIndexOf(':');
  const cut = Math.max(at, colon);
  if (cut <= 0) throw new UnknownTarget(`${spec}: no artifact of that name`);
  const name = spec.slice(0, cut);
  const rest = spec.slice(cut + 1);
  const artifact = readArtifact(root, name, realRoot);
  if (artifact === undefined) throw new UnknownTarget(`${spec}: no artifact named ${name}`);
  if (cut === at) {
    const n = artifact.aliases.get(rest);
    if (n === undefined) throw new UnknownTarget(`${spec}: ${name} has no alias ${rest}`);
    return [versionTarget(root, artifact, n, spec)];
  }
  if (!/^[1-9][0-9]*$/.test(rest) || !Number.isSafeInteger(Number(rest)))
    throw new UnknownTarget(`${spec}: ${JSON.stringify(rest)} is not a version number`);
  return [versionTarget(root, artifact, Number(rest), spec)];
}
