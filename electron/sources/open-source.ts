// What a path opens as: a munin store (a folder with runs/ or artifacts/), a .jsonl event
// stream, or a folder of streams (no store, .jsonl files in it or up to three folders down);
// several paths open side by side; or a store on another machine, ssh://[user@]host[:port]/path.
// Every way in (the app, a drop, File > Open, serve, export) opens paths through here, so each
// takes the same kinds of source.

import { basename } from 'node:path';
import type { ExportParts } from '../store/export.js';
import { diskStoreParts } from '../store/export.js';
import { checkStore, isDirectory, NotAStoreError, StoreError } from '../store/store.js';
import type { WatchOptions } from '../follow/store-watcher.js';
import type { HostIdentities } from '../store/identities.js';
import { CombinedSource } from './combined-source.js';
import type { MuninStoreOptions } from './munin/munin-store-source.js';
import { MuninStoreSource } from './munin/munin-store-source.js';
import type { RunsSource } from './run-source.js';
import type { StreamLocation } from './jsonl/stream-files.js';
import { MAX_STREAM_DEPTH, STREAM_EXTENSION, streamLocation } from './jsonl/stream-files.js';
import { diskStreamParts, StreamSource } from './jsonl/stream-source.js';
import type { HealthThresholds } from '../../shared/api/health.js';
import { RemoteSource } from './remote/remote-source.js';
import type { SshAddress } from './remote/ssh-address.js';
import { isSshAddress, parseSshAddress, SshAddressError } from './remote/ssh-address.js';
import { remoteOptions } from './remote/ssh-command.js';

export interface SourceOptions extends MuninStoreOptions {
  readonly watch?: WatchOptions;
  /** How far stores are reached: the ssh command, the far command (one for each address). */
  readonly remote?: RemoteChoices;
  /** Far stores' hosts judge their runs' health by these. */
  readonly health?: HealthThresholds;
}

export interface RemoteChoices {
  /** The ssh command; else MUNIN_VIEW_SSH_COMMAND, else ssh. */
  readonly sshCommand?: string;
  /** The command that runs munin-view on a far machine; munin-view unless told. */
  readonly remoteCommand?: string;
  /** A far command for one address (the desktop's dialog), before remoteCommand. */
  readonly remoteCommands?: ReadonlyMap<string, string>;
}

/** What one path is: a munin store, streams at a location, or a store on another machine. */
type PathKind =
  | { readonly kind: 'munin'; readonly root: string }
  | { readonly kind: 'jsonl-events'; readonly location: StreamLocation }
  | { readonly kind: 'remote'; readonly address: SshAddress };

/** What path is; throws a StoreError saying why it is neither a store nor streams. */
function pathKind(path: string): PathKind {
  if (isSshAddress(path)) {
    try {
      return { kind: 'remote', address: parseSshAddress(path) };
    } catch (error) {
      if (error instanceof SshAddressError) throw new StoreError(error.message);
      throw error;
    }
  }
  const has = (name: string): boolean => isDirectory(`${path}/${name}`);
  if (isDirectory(path) && (has('runs') || has('artifacts'))) {
    checkStore(path);
    return { kind: 'munin', root: path };
  }
  const location = streamLocation(path);
  if (location !== null) return { kind: 'jsonl-events', location };
  try {
    checkStore(path);
  } catch (error) {
    if (error instanceof NotAStoreError)
      throw new NotAStoreError(
        error.message.replace(
          'nor artifacts/.',
          `nor artifacts/, nor any JSONL event stream (no ${STREAM_EXTENSION} file in it or up to ${MAX_STREAM_DEPTH} folders down).`,
        ),
      );
    throw error;
  }
  return { kind: 'munin', root: path };
}

/**
 * The prefix of each path's run ids when several are open: a folder of streams puts its name
 * before its files' paths (two folders may hold files of one name), once per name, and a far
 * store its host's name.
 */
function idPrefixes(kinds: readonly PathKind[]): string[] {
  if (kinds.length === 1) return [''];
  const taken = new Set<string>();
  return kinds.map((kind) => {
    // A far store's runs go behind its host's name: a local store may hold runs of the same ids.
    if (kind.kind === 'remote') return takePrefix(kind.address.host.replace(/^\./, '_'), taken);
    if (kind.kind !== 'jsonl-events' || kind.location.kind === 'file') return '';
    return takePrefix(basename(kind.location.path), taken);
  });
}

/** name/ as a prefix, or name-2/, name-3/ ... when it is taken. */
function takePrefix(name: string, taken: Set<string>): string {
  let prefix = name;
  for (let n = 2; taken.has(prefix); n++) prefix = `${name}-${n}`;
  taken.add(prefix);
  return `${prefix}/`;
}

function asList(paths: string | readonly string[]): readonly string[] {
  const all = typeof paths === 'string' ? [paths] : paths;
  if (all.length === 0) throw new StoreError('no path to open');
  return all;
}

/** The source of runs at a path (or several); throws a StoreError saying why when it is none. */
export function openRunsSource(
  paths: string | readonly string[],
  options: SourceOptions = {},
): RunsSource {
  const kinds = asList(paths).map(pathKind);
  const prefixes = idPrefixes(kinds);
  const sources = kinds.map((kind, index): RunsSource => {
    if (kind.kind === 'munin') return new MuninStoreSource(kind.root, options);
    if (kind.kind === 'remote') return remoteSource(kind.address, prefixes[index]!, options);
    return new StreamSource(kind.location, {
      ...(options.watch !== undefined ? { watch: options.watch } : {}),
      ...(options.threadedReadBytes !== undefined
        ? { threadedReadBytes: options.threadedReadBytes }
        : {}),
      idPrefix: prefixes[index]!,
    });
  });
  return sources.length === 1 ? sources[0]! : new CombinedSource(sources);
}

function remoteSource(address: SshAddress, idPrefix: string, options: SourceOptions): RunsSource {
  const choices = options.remote ?? {};
  const remoteCommand = choices.remoteCommands?.get(address.address) ?? choices.remoteCommand;
  return new RemoteSource(address, {
    ...remoteOptions({
      ...(choices.sshCommand !== undefined ? { sshCommand: choices.sshCommand } : {}),
      ...(remoteCommand !== undefined ? { remoteCommand } : {}),
    }),
    idPrefix,
    ...(options.health !== undefined ? { health: options.health } : {}),
  });
}

/**
 * The export parts of each path as it is on disk, read run by run and let go (the `export`
 * command's); the ids as openRunsSource gives them. Throws a StoreError for a path that is none.
 */
export function diskExportParts(
  paths: string | readonly string[],
  host?: HostIdentities,
): ExportParts[] {
  const kinds = asList(paths).map(pathKind);
  const prefixes = idPrefixes(kinds);
  return kinds.map((kind, index) => {
    if (kind.kind === 'munin') return diskStoreParts(kind.root, host);
    if (kind.kind === 'remote')
      throw new StoreError(
        `${kind.address.address} is exported alone: its far munin-view prints its export`,
      );
    return diskStreamParts(kind.location, prefixes[index]);
  });
}
