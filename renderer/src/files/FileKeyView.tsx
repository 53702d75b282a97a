// A key of a run whose files are not images: a step slider over the steps the key logged (as an
// image key has), when the file at the chosen step was logged, the file shown as what it is, and
// the list of all the key's files. It follows a live run's newest file while at the last step.

import { useEffect, useMemo, useState } from 'react';
import type { LoggedFileInfo } from '../../../shared/api/contract.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import type { FileGroup } from './file-steps.js';
import { atOrBeforeIndex, distinctSteps, fileName, nearestStepIndex } from './file-steps.js';
import { absoluteTime, duration, shortDateTime } from '../text/time-text.js';
import { StepPicker } from './StepPicker.js';
import { LoggedFileView } from './LoggedFileView.js';
import { FileTable, RevealButton } from './FileTable.js';
import { loggedFileUrl } from '../../../shared/api/logged-file-url.js';

/** The chosen step (null: the last, following a live run) and, within it, the chosen file. */
type Choice = { readonly step: number; readonly path: string | null } | null;

export function FileKeyView(props: {
  runId: string;
  group: FileGroup;
  /** All the run's files: a table's path cells and Markdown's images name them. */
  files: readonly LoggedFileInfo[];
  startTime: number | null;
  /** The step a link asked for; null follows the last. */
  initialStep: number | null;
}) {
  const { runId, group, files, startTime, initialStep } = props;
  const steps = useMemo(() => distinctSteps(group), [group]);
  const [choice, setChoice] = useState<Choice>(
    initialStep === null ? null : { step: initialStep, path: null },
  );
  useEffect(
    () => setChoice(initialStep === null ? null : { step: initialStep, path: null }),
    [initialStep],
  );
  const [listOpen, setListOpen] = useState(false);
  const index = choice === null ? steps.length - 1 : nearestStepIndex(steps, choice.step);
  const step = steps[index];
  const file =
    group.files.find((f) => f.path === choice?.path && f.step === step) ??
    (step === undefined ? undefined : group.files[atOrBeforeIndex(group.steps, step)]);
  if (file === undefined || step === undefined) return null;
  const choose = (next: number): void =>
    setChoice(next >= steps.length - 1 ? null : { step: steps[next]!, path: null });

  return (
    <div className="file-key stack" data-testid="file-key" data-kind={file.kind}>
      <div className="image-tools">
        {steps.length > 1 ? (
          <StepPicker
            steps={steps}
            index={index}
            onIndex={choose}
            label={`Step of ${group.key}`}
            testId="file"
          />
        ) : (
          <span className="muted mono" data-testid="file-step">
            step {step}
          </span>
        )}
        <span className="muted" title={absoluteTime(file.time)} data-testid="file-time">
          logged{' '}
          {startTime !== null
            ? `${duration(file.time - startTime)} after start`
            : shortDateTime(file.time)}
          {file.size === null ? '' : ` · ${byteSize(file.size)}`}
        </span>
        <span className="spacer" />
        {file.problem === null ? (
          <>
            <a
              href={loggedFileUrl(runId, file.path)}
              download={fileName(file.path)}
              data-testid="file-download"
            >
              Download {fileName(file.path)}
            </a>
            <RevealButton runId={runId} path={file.path} />
          </>
        ) : null}
        {group.files.length > 1 ? (
          <button
            className="btn small"
            aria-expanded={listOpen}
            onClick={() => setListOpen(!listOpen)}
            data-testid="file-list-toggle"
          >
            {listOpen ? 'Hide the list' : `All ${group.files.length} files`}
          </button>
        ) : null}
      </div>
      <LoggedFileView runId={runId} file={file} files={files} />
      {listOpen ? (
        <FileTable
          runId={runId}
          group={group}
          shown={file.path}
          onShow={(shown) => setChoice({ step: shown.step, path: shown.path })}
        />
      ) : null}
    </div>
  );
}
