// Editing a run's notes: the host writes them to a temp file, syncs and renames it over notes,
// so readers see the old notes or the new. An edit made elsewhere while typing is flagged
// rather than overwritten unasked.

import { useEffect, useState } from 'react';
import { unwrap } from '../api/call.js';
import { useServices } from '../state/app-context.js';

export function NotesTab({ runId, notes }: { runId: string; notes: string | null }) {
  const { bridge, toast } = useServices();
  const onDisk = notes ?? '';
  // The notes as last known on disk: as the host last sent them, or as this page just saved
  // them (the host's word on a save comes a moment later; until then it still sends the old).
  const [saved, setSaved] = useState(onDisk);
  const [lastSent, setLastSent] = useState(onDisk);
  if (onDisk !== lastSent) {
    setLastSent(onDisk);
    setSaved(onDisk);
  }
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState(saved);
  const [saving, setSaving] = useState(false);
  const dirty = draft !== base;
  const changedElsewhere = saved !== base;

  useEffect(() => {
    // Nothing typed: follow the notes as they change on disk.
    if (!dirty) {
      setDraft(saved);
      setBase(saved);
    }
  }, [saved, dirty]);

  const save = async (): Promise<void> => {
    setSaving(true);
    try {
      unwrap(await bridge.api.setNotes({ runId, text: draft }));
      setSaved(draft);
      setBase(draft);
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
          <button className="btn small" onClick={() => (setDraft(saved), setBase(saved))}>
            Take theirs
          </button>
        </div>
      ) : null}
      <textarea
        value={draft}
        placeholder="Notes about this run: what changed, what you learned…"
        onChange={(event) => setDraft(event.target.value)}
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
        <button className="btn" disabled={!dirty || saving} onClick={() => setDraft(base)}>
          Revert
        </button>
        <span className="muted">
          {dirty ? 'Unsaved changes · Ctrl+S saves' : notes === null ? 'No notes yet' : 'Saved'}
        </span>
      </div>
    </div>
  );
}
