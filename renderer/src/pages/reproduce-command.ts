// The shell lines that run a run again, from its start's provenance: cd to its cwd, check out its
// commit, apply its git.diff when the tree was dirty (or say why it cannot), then its command
// with the env it recorded.
// POSIX sh quoting throughout, so the block pastes into any POSIX shell as it reads.

import type { JsonObject, JsonValue } from '../../../shared/format/json.js';
import { encodeJson } from '../../../shared/format/json.js';

/** A word as sh reads it back unchanged: bare when it holds only safe characters, else in '…'. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function text(value: JsonValue | undefined): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : encodeJson(value);
}

export interface ReproduceText {
  /** The lines, in order, for the block and its copy button. */
  readonly lines: readonly string[];
  /** The git.diff's file name the apply line names, when it has one. */
  readonly diffFile: string | null;
  /** Why a dirty tree's changes cannot be applied, when they cannot (no apply line then). */
  readonly diffProblem: string | null;
  /** What is missing for a faithful rerun, in words (no cwd, no command, no git). */
  readonly notes: readonly string[];
}

/** The file name a run's diff is saved as (GitDiffModal saves it under the same name). */
export function diffFileName(runId: string): string {
  return `${runId}.git.diff`;
}

/**
 * The commands that rerun a run, from its provenance; null when there is none. When git says the
 * tree was dirty, the diff line names the file `diffFileName` saves; when the diff cannot be had
 * (`diffProblem`: it is missing, unreadable, or a resume's, which records none), a comment says
 * so in its place, since an apply of a file that does not exist cannot work.
 */
export function reproduceText(
  provenance: JsonObject | null,
  runId: string,
  diffProblem: string | null,
): ReproduceText | null {
  if (provenance === null) return null;
  const lines: string[] = [];
  const notes: string[] = [];
  let diffFile: string | null = null;
  let dirtyProblem: string | null = null;
  const cwd = text(provenance.get('cwd'));
  if (cwd !== null) lines.push(`cd ${shellQuote(cwd)}`);
  else notes.push('The provenance has no cwd: run it from the directory it was started in.');
  const git = provenance.get('git');
  if (git instanceof Map) {
    const commit = text(git.get('commit'));
    if (commit !== null) lines.push(`git checkout ${shellQuote(commit)}`);
    if (git.get('dirty') === true) {
      if (diffProblem === null) {
        diffFile = diffFileName(runId);
        lines.push(`git apply ${shellQuote(diffFile)}`);
      } else {
        dirtyProblem = diffProblem;
        lines.push(`# the tree was dirty, but ${diffProblem}: its changes cannot be applied`);
      }
    }
  } else notes.push('The provenance has no git: the code it ran is not recorded.');
  const command = provenance.get('command');
  if (Array.isArray(command) && command.length > 0) {
    const env = provenance.get('env');
    const assignments: string[] = [];
    let allNames = true;
    if (env instanceof Map)
      for (const [name, value] of env) {
        assignments.push(`${name}=${text(value) ?? ''}`);
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) allNames = false;
      }
    // NAME=value prefixes are only sh's for valid names; env(1) takes any other.
    const prefix = allNames
      ? assignments.map((a) => {
          const eq = a.indexOf('=');
          return `${a.slice(0, eq)}=${shellQuote(a.slice(eq + 1))}`;
        })
      : assignments.length > 0
        ? ['env', ...assignments.map(shellQuote)]
        : [];
    const words = (command as JsonValue[]).map((part) => shellQuote(text(part) ?? ''));
    lines.push([...prefix, ...words].join(' '));
  } else notes.push('The provenance has no command.');
  return { lines, diffFile, diffProblem: dirtyProblem, notes };
}
