// One run's column in Compare's files: its colour and name, which step it shows (the cursor's,
// or how far before it), and its file, or that it logged none this early.

import type { ReactNode } from 'react';
import type { LoggedFileInfo } from '../../../../shared/api/contract.js';
import type { RunStyle } from '../../charts/run-colors.js';
import { RunSwatch } from '../../charts/RunSwatch.js';

/** Which step a column shows, against the shared cursor. */
export function stepNote(file: LoggedFileInfo | null, cursor: number): string {
  if (file === null) return `nothing at or before step ${cursor}`;
  return file.step === cursor
    ? `step ${file.step}`
    : `shows step ${file.step}, ${cursor - file.step} before`;
}

export function CompareColumn(props: {
  runId: string;
  name: string;
  style: RunStyle | undefined;
  file: LoggedFileInfo | null;
  cursor: number;
  keyName: string;
  testId: string;
  children: ReactNode;
}) {
  const { file, cursor } = props;
  return (
    <div className="compare-image" data-testid={props.testId} data-run-id={props.runId}>
      <div className="row compare-image-head">
        {props.style !== undefined ? <RunSwatch {...props.style} /> : null}
        <span className="compare-run-name">{props.name}</span>
        <span className="muted" data-testid="compare-column-step">
          {stepNote(file, cursor)}
        </span>
      </div>
      {file === null ? (
        <div className="image-frame muted">This run logged no {props.keyName} file this early.</div>
      ) : (
        props.children
      )}
    </div>
  );
}
