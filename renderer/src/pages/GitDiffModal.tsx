// The run's git.diff: a button that opens it (or why it cannot be read), and a dialog with its
// first part coloured as a diff and, when the file is larger, a way to save it whole in pieces.

import { useEffect, useState } from 'react';
import type { GitDiffInfo, GitDiffText } from '../../../shared/api/contract.js';
import { unwrap } from '../api/call.js';
import { saveBlob } from '../charts/download.js';
import { useServices } from '../state/app-context.js';
import { byteSize } from '../../../shared/format/byte-size.js';

function lineClass(line: string): string | undefined {
  if (line.startsWith('+') && !line.startsWith('+++')) return 'diff-add';
  if (line.startsWith('-') && !line.startsWith('---')) return 'diff-del';
  if (line.startsWith('@@')) return 'diff-hunk';
  return undefined;
}

function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Saves the whole git.diff: its pieces, fetched in turn, joined in one Blob (paged to disk). */
export function useSaveWholeDiff(runId: string): {
  save: () => void;
  saved: number | null;
} {
  const { bridge, toast } = useServices();
  const [saved, setSaved] = useState<number | null>(null);
  const save = (): void => {
    if (saved !== null) return;
    setSaved(0);
    void (async () => {
      const pieces: Uint8Array<ArrayBuffer>[] = [];
      let offset = 0;
      for (;;) {
        const part = unwrap(await bridge.api.gitDiffPart({ runId, offset }));
        pieces.push(bytesOfBase64(part.base64));
        offset = part.next;
        setSaved(offset);
        // A file that shrank while it was read ends where it ends now.
        if (part.next >= part.size || part.next === part.offset) break;
      }
      saveBlob(new Blob(pieces, { type: 'text/x-diff' }), `${runId}.git.diff`);
    })()
      .catch((error: unknown) => toast(`The diff could not be saved: ${String(error)}`, 'error'))
      .finally(() => setSaved(null));
  };
  return { save, saved };
}

export function GitDiffModal({
  diff,
  runId,
  onClose,
}: {
  diff: GitDiffText;
  runId: string;
  onClose: () => void;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const { save, saved } = useSaveWholeDiff(runId);
  const shownBytes = new TextEncoder().encode(diff.text).length;
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        className="modal"
        onClick={(event) => event.stopPropagation()}
        role="dialog"
        aria-label="git diff"
        aria-modal="true"
      >
        <header>
          git.diff <span className="muted">— uncommitted changes when the run started</span>
          <span className="spacer" />
          <button className="btn small" onClick={save} disabled={saved !== null}>
            {saved === null
              ? `Save whole diff (${byteSize(diff.size)})`
              : `Saving… ${Math.floor((100 * saved) / Math.max(1, diff.size))}%`}
          </button>
          <button className="btn small" onClick={onClose} autoFocus title="Close (Esc)">
            Close
          </button>
        </header>
        {diff.truncated ? (
          <div className="warn-box modal-note" data-testid="diff-truncated">
            This diff is {byteSize(diff.size)}: shown here is its first {byteSize(shownBytes)}. Save
            the whole diff to read the rest.
          </div>
        ) : null}
        <pre>
          {diff.text.split('\n').map((line, index) => (
            <div key={index} className={lineClass(line)}>
              {line || ' '}
            </div>
          ))}
        </pre>
      </div>
    </div>
  );
}

/** The run's git.diff where provenance shows it: why it cannot be read, or a button to view it. */
export function GitDiffControl({ info, runId }: { info: GitDiffInfo | null; runId: string }) {
  const { bridge, toast } = useServices();
  const [diff, setDiff] = useState<GitDiffText | null>(null);
  if (info === null) return null;
  if (info.problem !== null)
    return (
      <span className="warn-text" data-testid="git-diff-problem">
        git.diff {info.problem}
      </span>
    );
  return (
    <>
      <button
        className="btn small"
        onClick={() =>
          void bridge.api
            .gitDiff({ runId })
            .then((response) =>
              setDiff(unwrap(response) ?? { text: '', size: 0, truncated: false }),
            )
            .catch((error: unknown) => toast(String(error), 'error'))
        }
      >
        View diff{info.size !== null ? ` (${byteSize(info.size)})` : ''}
      </button>
      {diff !== null ? (
        <GitDiffModal diff={diff} runId={runId} onClose={() => setDiff(null)} />
      ) : null}
    </>
  );
}
