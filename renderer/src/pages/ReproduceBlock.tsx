// The Overview's Reproduce block: the shell lines that run the run again (cd, git checkout, git
// apply of its git.diff when the tree was dirty, the recorded env and the command), with a copy
// button and a way to save the diff the apply line names; then each resume, by its step.

import type { RunDetail } from '../../../shared/api/contract.js';
import { useServices } from '../state/app-context.js';
import { useSaveWholeDiff } from './GitDiffModal.js';
import { reproduceText } from './reproduce-command.js';
import '../sweeps/sweeps.css';

function SaveDiff({ runId, file }: { runId: string; file: string }) {
  const { save, saved } = useSaveWholeDiff(runId);
  return (
    <button
      className="btn small"
      onClick={save}
      disabled={saved !== null}
      data-testid="reproduce-save-diff"
      title={`Save the run’s git.diff as ${file}, for the git apply line`}
    >
      {saved === null ? `Save ${file}` : 'Saving…'}
    </button>
  );
}

/** A resume's own command, from the provenance its writer recorded with it. */
function ResumeCommand({ resume, runId }: { resume: RunDetail['resumes'][number]; runId: string }) {
  const when = new Date(resume.time * 1000).toLocaleString();
  // The format's git.diff is the start's: a resume records none of its own.
  const again = reproduceText(resume.provenance, runId, 'a resume records no diff');
  if (again === null)
    return (
      <div className="resume-line" data-testid="reproduce-resume">
        Resumed at step <strong>{resume.step}</strong> ({when}): its writer recorded no provenance.
      </div>
    );
  return (
    <div className="resume-line stack" data-testid="reproduce-resume">
      <span>
        Resumed at step <strong>{resume.step}</strong> ({when}) with:
      </span>
      <pre data-testid="reproduce-resume-text">{again.lines.join('\n')}</pre>
      {again.diffProblem !== null ? (
        <span className="muted">
          Its tree was dirty too, but a resume records no diff: its changes are not kept.
        </span>
      ) : null}
    </div>
  );
}

export function ReproduceBlock({ detail, runId }: { detail: RunDetail; runId: string }) {
  const { toast } = useServices();
  const diffProblem =
    detail.gitDiff === null
      ? 'its git.diff is missing'
      : detail.gitDiff.problem === null
        ? null
        : `its git.diff ${detail.gitDiff.problem}`;
  const reproduce = reproduceText(detail.provenance, runId, diffProblem);
  if (reproduce === null)
    return <div className="muted">The start records no provenance: nothing says how it ran.</div>;
  const text = reproduce.lines.join('\n');
  return (
    <div className="reproduce stack" data-testid="reproduce">
      <div className="row">
        <span className="muted">Run it again from a shell</span>
        <span className="spacer" />
        <button
          className="btn small"
          data-testid="reproduce-copy"
          onClick={() =>
            void navigator.clipboard
              .writeText(`${text}\n`)
              .then(() => toast('Commands copied'))
              .catch(() => toast('The clipboard is not available here', 'error'))
          }
        >
          Copy
        </button>
      </div>
      <pre data-testid="reproduce-text">{text}</pre>
      {reproduce.diffFile !== null ? (
        <div className="row">
          <span className="muted">
            The tree was dirty: save the diff as {reproduce.diffFile} in the directory first.
          </span>
          <SaveDiff runId={runId} file={reproduce.diffFile} />
        </div>
      ) : null}
      {reproduce.diffProblem !== null ? (
        <div className="warn-text" data-testid="reproduce-diff-problem">
          The tree was dirty, but {reproduce.diffProblem}: its changes cannot be applied, so these
          commands run the committed code, not what the run ran.
        </div>
      ) : null}
      {reproduce.notes.map((note) => (
        <div key={note} className="muted">
          {note}
        </div>
      ))}
      {detail.resumes.map((resume, index) => (
        <ResumeCommand key={index} resume={resume} runId={runId} />
      ))}
    </div>
  );
}
