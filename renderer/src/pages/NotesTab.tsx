// Editing a run's notes: the host writes them to a temp file, syncs and renames it over notes,
// so readers see the old notes or the new. What is typed is kept as a draft for the store's
// session, so a tab switch or another page loses nothing; an edit made elsewhere while typing is
// flagged rather than overwritten unasked. Notes that cannot be read, or are too large to edit,
// are shown read-only with why: saving would replace notes the user never saw; so are the notes
// of a run that has no place to write them (an event stream's).

import { useState } from 'react';
import type { NotesInfo } from '../../../shared/api/contract.js';
import { unwrap } from '../api/call.js';
import { useNotesDraft, useServices } from '../state/app-context.js';

export function NotesTab({
  runId,
  notes,
  info,
  readOnly,
}: {
  runId: string;
  notes: string | null;
  info: NotesInfo;
  /** Why the run's notes cannot be written at all (RunSummary.readOnly); null when they can. */
  readOnly?: string | null;
}) {
  const reason = readOnly ?? info.readOnly;
  if (reason !== null) return <ReadOnlyNotes notes={notes} reason={reason} />;
  return <NotesEditor runId={runId} notes={notes} />;
}

function ReadOnlyNotes({ notes, reason }: { notes: string | null; reason: string }) {
  return (
    <div className="notes-editor stack" style={{ maxWidth: 900 }}>
      <div className="warn-box" data-testid="notes-read-only">
        These notes cannot be edited here: {reason.replace(/\.$/, '')}.
      </div>
      {notes !== null ? (
        <textarea value={notes} readOnly aria-label="Notes" data-testid="notes-text" />
      ) : null}
    </div>
  );
}

function NotesEditor({ runId, notes }: { runId: string; notes: string | null }) {
  const { bridge, store, toast } = useServices();
  const onDisk = notes ?? '';
  // The notes as last known on disk: as the host last sent them, or as this page just saved
  // them (the host's word on a save comes a moment later; until then it still sends the old).
  const [saved, setSaved] = useState(onDisk);
  const [lastSent, setLastSent] = useState(onDisk);
  if (onDisk !== lastSent) {
    setLastSent(onDisk);
    setSaved(onDisk);
  }
  // With no draft the editor shows the notes as they are on disk, following them as they change.
  const [kept, keep] = useNotesDraft(runId);
  const base = kept?.base ?? saved;
  const draft = kept?.text ?? saved;
  const [saving, setSaving] = useState(false);
  const dirty = kept !== undefined;
  const changedElsewhere = saved !== base;

  const save = async (): Promise<void> => {
    const text = draft;
    setSaving(true);
    try {
      unwrap(await bridge.api.setNotes({ runId, text }));
      setSaved(text);
      // What was typed while the notes were written stays a draft, over the notes now saved.
      const typed = store.session.notesDraft(runId)?.text ?? text;
      keep({ text: typed, base: text });
      toast('Notes saved');
    } catch (error) {
      toast(
        `The notes were not saved (the old notes are intact): ${error instanceof Error ? error.message : String(error)}`,
        'error',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="notes-editor stack" style={{ maxWidth: 900 }}>
      {changedElsewhere && dirty ? (
        <div className="warn-box">
          These notes were changed by someone else while you were editing.{' '}
          <button className="btn small" onClick={() => keep(null)}>
            Take theirs
          </button>
        </div>
      ) : null}
      <textarea
        value={draft}
        placeholder="Notes about this run: what changed, what you learned…"
        onChange={(event) => keep({ text: event.target.value, base })}
        onKeyDown={(event) => {
          if ((event.metaKey || event.ctrlKey) && event.key === 's') {
            event.preventDefault();
            if (dirty) void save();
          }
        }}
        aria-label="Notes"
        data-testid="notes-text"
      />
      <div className="row">
        <button
          className="btn primary"
          disabled={!dirty || saving}
          onClick={() => void save()}
          data-testid="notes-save"
        >
          {saving ? 'Saving…' : 'Save notes'}
        </button>
        <button className="btn" disabled={!dirty || saving} onClick={() => keep(null)}>
          Revert
        </button>
        <span className="muted">
          {dirty ? 'Unsaved changes · Ctrl+S saves' : notes === null ? 'No notes yet' : 'Saved'}
        </span>
      </div>
    </div>
  );
}
