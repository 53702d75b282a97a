// The provenance a writer records at a start or a resume: how the program was started, where,
// on what, from which git commit, with which seeds and environment.
//
// The format lists ocaml and raven, the versions that built an OCaml writer. This writer is
// TypeScript on Node, so it records neither; it records node, the Node.js version that ran it,
// which readers keep with the rest of the object.

import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type { JsonObject, JsonValue } from '../../../shared/format/json.js';
import { checkSeeds, wellFormedJson } from './argument-checks.js';

export interface ProvenanceOptions {
  /** The command that started the program; process.argv by default. */
  readonly command?: readonly string[];
  /** The working directory, also where git is asked; process.cwd() by default. */
  readonly cwd?: string;
  /** The integers the program named as its seeds. */
  readonly seeds?: Readonly<Record<string, bigint | number>>;
  /** The names of the environment variables to record; those unset are left out. */
  readonly env?: readonly string[];
}

/** What a writer records: a provenance built from options, or one given whole. */
export type ProvenanceInput = ProvenanceOptions | JsonObject;

export interface GitState {
  readonly commit: string;
  readonly dirty: boolean;
}

const GIT_TIMEOUT_MS = 10_000;

function git(cwd: string, args: readonly string[]): Buffer {
  return execFileSync('git', args, {
    cwd,
    // Reading the work tree's state must not take git's index lock from under the user.
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: 1 << 30,
  });
}

/** The commit and dirtiness of the git work tree at cwd; undefined outside one, or without git. */
export function gitState(cwd: string): GitState | undefined {
  try {
    if (git(cwd, ['rev-parse', '--is-inside-work-tree']).toString('utf8').trim() !== 'true') {
      return undefined;
    }
    const commit = git(cwd, ['rev-parse', '--verify', 'HEAD']).toString('utf8').trim();
    // Untracked files are not part of git.diff, so only tracked changes make the tree dirty.
    const status = git(cwd, ['status', '--porcelain', '--untracked-files=no']);
    return { commit, dirty: status.length > 0 };
  } catch {
    // A probe: no git, or not a work tree, and the run records no provenance.
    return undefined;
  }
}

/** git diff --binary HEAD in cwd: what git.diff holds when the work tree is dirty. */
export function gitDiff(cwd: string): Buffer {
  return git(cwd, ['diff', '--binary', 'HEAD']);
}

export interface BuiltProvenance {
  readonly provenance: JsonObject;
  /** The work tree's git state, when cwd is in one, so that a start can write git.diff. */
  readonly git: GitState | undefined;
  readonly cwd: string;
}

/** A provenance of this process, per the format's list of members. */
export function buildProvenance(options: ProvenanceOptions = {}): BuiltProvenance {
  const cwd = options.cwd ?? process.cwd();
  const members = new Map<string, JsonValue>();
  members.set('command', [...(options.command ?? process.argv)]);
  members.set('cwd', cwd);
  const hostname = os.hostname();
  if (hostname.length > 0) members.set('hostname', hostname);
  members.set('pid', BigInt(process.pid));
  members.set('node', process.versions.node);
  members.set('os', `${os.type()} ${os.release()}`);
  members.set('arch', os.arch());
  const cpu = os.cpus()[0]?.model.trim();
  if (cpu !== undefined && cpu.length > 0) members.set('cpu', cpu);
  const state = gitState(cwd);
  if (state !== undefined) {
    members.set(
      'git',
      new Map<string, JsonValue>([
        ['commit', state.commit],
        ['dirty', state.dirty],
      ]),
    );
  }
  members.set('seeds', checkSeeds(options.seeds ?? {}));
  const env = new Map<string, JsonValue>();
  for (const name of options.env ?? []) {
    const value = process.env[name];
    if (value !== undefined) env.set(name, value);
  }
  members.set('env', env);
  return { provenance: wellFormedJson(members) as JsonObject, git: state, cwd };
}

/** The provenance to write for an input: built when given options, made well-formed when given whole. */
export function resolveProvenance(input: ProvenanceInput | undefined): BuiltProvenance {
  if (input instanceof Map) {
    return { provenance: wellFormedJson(input) as JsonObject, git: undefined, cwd: process.cwd() };
  }
  return buildProvenance(input as ProvenanceOptions | undefined);
}
