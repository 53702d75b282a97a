// Publishing artifact versions, setting aliases and deleting versions, each under a shared lock
// on the store's lock file, so that a collector never removes what a version is about to name.

import { linkSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIGEST_PREFIX } from '../../../shared/format/digest.js';
import { encodeJsonString, parseJson } from '../../../shared/format/json.js';
import { FORMAT_VERSION } from '../../../shared/format/records.js';
import { encodeFloat, encodeValueMap } from '../../../shared/format/values.js';
import { LOG_FILE } from '../../store/log/read-run.js';
import type { Values } from './argument-checks.js';
import {
  checkValues,
  requireSegment,
  requireStep,
  requireTime,
  requireVersionNumber,
} from './argument-checks.js';
import { quoted } from '../../store/writer/text-checks.js';
import { storeBlob } from './blob-copy.js';
import { errorCode } from '../../error-code.js';
import {
  removeQuietly,
  replaceFileWhole,
  syncDirectory,
  syncPath,
  writeSyncedTemporary,
} from '../../store/writer/durable-files.js';
import { withSharedStoreLock } from './locks.js';
import type { Clock } from './clock.js';
import { wallClock } from './clock.js';

export interface PublishOptions {
  /** The id of the run that produced the version. */
  readonly run: string;
  readonly step?: number;
  readonly metadata: Values;
  readonly clock?: Clock;
}

export interface PublishedVersion {
  readonly version: number;
  /** blake2b-256:<hex> */
  readonly digest: string;
  readonly size: number;
}

const VERSION_FILE = /^([1-9][0-9]*)\.json$/;

function artifactDir(root: string, name: string): string {
  return join(root, 'artifacts', requireSegment(name, 'artifact name'));
}

function highestVersionNumber(dir: string): number {
  let highest = 0;
  for (const entry of readdirSync(dir)) {
    const match = VERSION_FILE.exec(entry);
    if (match !== null) highest = Math.max(highest, Number(match[1]));
  }
  return highest;
}

/** Syncs the producing run's log, so that resuming from the version finds its samples. */
function syncRunLog(root: string, run: string): void {
  try {
    syncPath(join(root, 'runs', run, LOG_FILE));
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

/**
 * Publishes the file or directory at sourcePath as the next version of the artifact `name`:
 * stores its blob, writes the version file complete and synced, and claims the first free
 * number above the highest by linking the file to <n>.json.
 */
export function publishVersion(
  root: string,
  name: string,
  sourcePath: string,
  options: PublishOptions,
): PublishedVersion {
  const dir = artifactDir(root, name);
  const run = requireSegment(options.run, 'run id');
  const step = options.step === undefined ? null : requireStep(options.step);
  const metadata = checkValues(options.metadata, 'metadata');
  const clock = options.clock ?? wallClock;
  mkdirSync(root, { recursive: true });
  syncRunLog(root, run);
  return withSharedStoreLock(root, () => {
    const blob = storeBlob(root, sourcePath);
    mkdirSync(dir, { recursive: true });
    let text = `{"format":${FORMAT_VERSION},"time":${encodeFloat(requireTime(clock(), 'the clock'))}`;
    text += `,"run":${encodeJsonString(run)}`;
    if (step !== null) text += `,"step":${step}`;
    text += `,"digest":"${DIGEST_PREFIX}${blob.hex}","size":${blob.size}`;
    text += `,"metadata":${encodeValueMap(metadata)}}`;
    const temporary = writeSyncedTemporary(dir, 'version', Buffer.from(text, 'utf8'));
    try {
      for (let version = highestVersionNumber(dir) + 1; ; version++) {
        try {
          linkSync(temporary, join(dir, `${version}.json`));
        } catch (error) {
          if (errorCode(error) === 'EEXIST') continue;
          throw error;
        }
        syncDirectory(dir);
        return { version, digest: DIGEST_PREFIX + blob.hex, size: blob.size };
      }
    } finally {
      removeQuietly(temporary);
    }
  });
}

function readVersionFile(dir: string, name: string, version: number): Map<string, unknown> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(dir, `${version}.json`));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      throw new Error(`artifact ${quoted(name)} has no version ${version}`, { cause: error });
    }
    throw error;
  }
  const json = parseJson(bytes);
  if (!(json instanceof Map)) throw new Error(`version ${version} of ${quoted(name)} is damaged`);
  return json as Map<string, unknown>;
}

/** Points the alias at version `version` of the artifact `name`, replacing the alias's file whole. */
export function setAlias(root: string, name: string, alias: string, version: number): void {
  const dir = artifactDir(root, name);
  requireSegment(alias, 'alias');
  requireVersionNumber(version);
  withSharedStoreLock(root, () => {
    if (readVersionFile(dir, name, version).get('deleted') === true) {
      throw new Error(`version ${version} of ${quoted(name)} is deleted; an alias cannot name it`);
    }
    const aliasesDir = join(dir, 'aliases');
    mkdirSync(aliasesDir, { recursive: true });
    replaceFileWhole(aliasesDir, alias, Buffer.from(`${version}\n`, 'utf8'), 'alias');
  });
}

/** Deletes version `version` of the artifact `name`: its number names nothing ever again. */
export function deleteVersion(
  root: string,
  name: string,
  version: number,
  options: { readonly clock?: Clock } = {},
): void {
  const dir = artifactDir(root, name);
  requireVersionNumber(version);
  const clock = options.clock ?? wallClock;
  withSharedStoreLock(root, () => {
    readVersionFile(dir, name, version);
    const text = `{"format":${FORMAT_VERSION},"time":${encodeFloat(requireTime(clock(), 'the clock'))},"deleted":true}`;
    replaceFileWhole(dir, `${version}.json`, Buffer.from(text, 'utf8'), 'deletion');
  });
}
