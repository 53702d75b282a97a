// Editing a run's tags in place: chips with a remove button and a field to add one, which keeps
// the focus so that tags are added one after another. Each edit is written by the host exactly
// as the format says; a refusal is shown and nothing is lost. A run whose tags cannot be written
// (an event stream's) shows its tags and why, with no control that would fail.

import { useState } from 'react';
import { tagProblem } from '../../../shared/format/names.js';
import { unwrap } from '../api/call.js';
import { useServices } from '../state/app-context.js';

export function TagEditor(props: {
  runId: string;
  tags: readonly string[];
  /** Why the run's tags cannot be written; null when they can. */
  readOnly?: string | null;
}) {
  if (props.readOnly != null) return <ReadOnlyTags tags={props.tags} reason={props.readOnly} />;
  return <TagsEditor runId={props.runId} tags={props.tags} />;
}

function ReadOnlyTags({ tags, reason }: { tags: readonly string[]; reason: string }) {
  return (
    <div className="row" style={{ flexWrap: 'wrap' }} data-testid="tag-editor">
      {tags.map((tag) => (
        <span className="tag" key={tag} data-tag={tag}>
          {tag}
        </span>
      ))}
      <span className="read-only-note" data-testid="tags-read-only">
        Tags cannot be added here: {reason}
      </span>
    </div>
  );
}

function TagsEditor(props: { runId: string; tags: readonly string[] }) {
  const { bridge, toast } = useServices();
  const [draft, setDraft] = useState('');
  // Edits being written: adds may overlap, since the field takes the next tag at once.
  const [pending, setPending] = useState(0);
  const busy = pending > 0;
  const problem = draft.length > 0 ? tagProblem(draft) : undefined;

  const run = async (work: () => Promise<unknown>): Promise<void> => {
    setPending((n) => n + 1);
    try {
      await work();
    } catch (error) {
      toast(
        `Could not change the tags: ${error instanceof Error ? error.message : String(error)}`,
        'error',
      );
    } finally {
      setPending((n) => n - 1);
    }
  };

  const add = (): void => {
    const tag = draft.trim();
    if (tag.length === 0) return;
    const why = tagProblem(tag);
    if (why !== undefined) {
      toast(why, 'error');
      return;
    }
    // The field empties at once, so that the next tag can be typed while this one is written.
    setDraft('');
    void run(async () => {
      try {
        unwrap(await bridge.api.addTag({ runId: props.runId, tag }));
      } catch (error) {
        // The tag goes back to the field, unless another was typed there meanwhile.
        setDraft((current) => (current === '' ? tag : current));
        throw error;
      }
    });
  };

  return (
    <div className="row" style={{ flexWrap: 'wrap' }} data-testid="tag-editor">
      {props.tags.map((tag) => (
        <span className="tag" key={tag} data-tag={tag}>
          {tag}
          <button
            aria-label={`Remove tag ${tag}`}
            disabled={busy}
            onClick={() =>
              void run(async () => unwrap(await bridge.api.removeTag({ runId: props.runId, tag })))
            }
          >
            ×
          </button>
        </span>
      ))}
      <input
        className="tag-input"
        placeholder="+ add tag"
        value={draft}
        aria-label="Add a tag"
        title={problem ?? 'Enter adds the tag'}
        style={problem !== undefined ? { borderColor: 'var(--s-failed)' } : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') add();
          if (event.key === 'Escape') setDraft('');
        }}
      />
    </div>
  );
}
