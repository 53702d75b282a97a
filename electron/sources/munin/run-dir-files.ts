// The small files of one run as its entry keeps them: tags and notes as last read, with what
// cannot be read of them; git.diff read on demand; and the only writes, of tags and notes, which
// refuse to replace notes the user could not see whole.

import { join } from 'node:path';
import type {
  GitDiffInfo,
  GitDiffPart,
  GitDiffText,
  NotesInfo,
} from '../../../shared/api/contract.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import { readGitDiff, readGitDiffPart } from '../../store/git-diff.js';
import type { FileProblem, NotesRead } from '../../store/run-files.js';
import { NOTES_LIMIT, readNotes, readNotesForExport, readTags } from '../../store/run-files.js';
import type { LargeNotes } from '../../store/run-files.js';
import { UnreadableFile } from '../../store/store-files.js';
import { addTag, removeTag, writeNotes } from '../../store/writer/tags-notes.js';

export class RunDirFiles {
  tags: string[] = [];
  private tagProblems: readonly FileProblem[] = [];
  private notesRead: NotesRead = { state: 'absent' };

  constructor(
    private readonly dir: string,
    private readonly realRoot: string,
    /** The notes file as the user finds it: below the store, as the format lays it out. */
    private readonly notesPath: string,
    /** The run has no tags/, as its watch just found: there is none to read. */
    tagsAbsent = false,
    /** The notes as read just now elsewhere (a listing helper), after the run was watched. */
    notes?: NotesRead,
  ) {
    if (!tagsAbsent) this.refreshTags();
    if (notes !== undefined) this.notesRead = notes;
    else this.refreshNotes();
  }

  /** The notes' text as read (their first part when large); null when there are none. */
  get notes(): string | null {
    return this.notesRead.state === 'read' ? this.notesRead.text : null;
  }

  refreshTags(): void {
    const read = readTags(this.dir, this.realRoot);
    this.tags = read.tags;
    this.tagProblems = read.problems;
  }

  refreshNotes(): void {
    this.notesRead = readNotes(this.dir, this.realRoot);
  }

  /** The notes as an export holds them, read now. */
  notesForExport(): string | LargeNotes | null {
    return readNotesForExport(this.dir, this.realRoot);
  }

  gitDiff(): GitDiffText | null {
    return readGitDiff(this.dir, this.realRoot);
  }

  gitDiffPart(offset: number): GitDiffPart {
    return readGitDiffPart(this.dir, this.realRoot, offset);
  }

  addTag(tag: string): void {
    addTag(this.dir, this.realRoot, tag);
  }

  removeTag(tag: string): void {
    removeTag(this.dir, this.realRoot, tag);
  }

  /**
   * Replaces the notes, unless the notes there now cannot be read whole: a user who never saw
   * them must not replace them.
   */
  writeNotes(text: string): void {
    const problem = notesReadOnly(readNotes(this.dir, this.realRoot), this.notesPath);
    if (problem !== null) throw new Error(`cannot write the notes: ${problem}`);
    writeNotes(this.dir, this.realRoot, text);
  }

  notesInfo(): NotesInfo {
    const read = this.notesRead;
    return {
      size: read.state === 'read' ? read.size : 0,
      truncated: read.state === 'read' && read.truncated,
      readOnly: notesReadOnly(read, this.notesPath),
    };
  }

  gitDiffInfo(): GitDiffInfo | null {
    try {
      const diff = readGitDiff(this.dir, this.realRoot, 0);
      return diff === null ? null : { size: diff.size, problem: null };
    } catch (error) {
      if (error instanceof UnreadableFile) return { size: null, problem: error.reason };
      throw error;
    }
  }

  /** The files of the run that are there but cannot be read, and why; `diff` as just read. */
  problems(diff: GitDiffInfo | null): FileProblem[] {
    const problems: FileProblem[] = [];
    if (this.notesRead.state === 'unreadable')
      problems.push({ file: 'notes', reason: this.notesRead.reason });
    problems.push(...this.tagProblems);
    if (diff?.problem != null) problems.push({ file: 'git.diff', reason: diff.problem });
    return problems;
  }
}

/** Why notes as read cannot be edited here; null when they can. */
function notesReadOnly(read: NotesRead, path: string): string | null {
  if (read.state === 'unreadable')
    return `the notes file ${read.reason}, so the notes are not replaced from here`;
  if (read.state === 'read' && read.truncated)
    return (
      `the notes are ${byteSize(read.size)}, more than the ${byteSize(NOTES_LIMIT)} the app ` +
      `edits; only their first part is shown: edit the file itself (${path})`
    );
  return null;
}

/** The notes file of run `id` as the user finds it below the store. */
export function notesPathOf(id: string): string {
  return join('runs', id, 'notes');
}
