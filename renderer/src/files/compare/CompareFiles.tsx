// Compare's Files: any key the runs logged, at one step cursor over every step any of them logged
// it, each run showing its file at or before the cursor: images side by side, flickered or
// differenced; audio players side by side; videos played together by one control; tables joined
// on a key column with their differences marked; anything else side by side.

import { useState } from 'react';
import type { LoggedFileInfo, RunSummary } from '../../../../shared/api/contract.js';
import type { RunStyle } from '../../charts/run-colors.js';
import { VisibleText } from '../../components/VisibleText.js';
import { visibleText } from '../../text/visible-text.js';
import { StepPicker } from '../StepPicker.js';
import { CompareImages } from '../CompareImages.js';
import { LoggedFileView } from '../LoggedFileView.js';
import { AudioView } from '../audio/AudioView.js';
import { CompareColumn } from './CompareColumn.js';
import { CompareTables } from './CompareTables.js';
import { CompareVideos } from './CompareVideos.js';
import type { CompareCursor } from './use-compare-files.js';
import { useCompareCursor, useCompareFiles } from './use-compare-files.js';
import '../files.css';

/** Each run's file of the key side by side, each shown as what it is. */
function SideBySide(props: {
  styles: ReadonlyMap<string, RunStyle>;
  keyName: string;
  at: CompareCursor & { cursor: number };
  files: ReadonlyMap<string, readonly LoggedFileInfo[]>;
  audio: boolean;
}) {
  return (
    <div className="compare-files" data-testid={props.audio ? 'compare-audio' : 'compare-side'}>
      {props.at.shown.map(({ run, file }) => (
        <CompareColumn
          key={run.id}
          runId={run.id}
          name={visibleText(run.name ?? run.id)}
          style={props.styles.get(run.id)}
          file={file}
          cursor={props.at.cursor}
          keyName={props.keyName}
          testId="compare-file"
        >
          {file === null ? null : props.audio && file.problem === null ? (
            <AudioView key={file.path} runId={run.id} file={file} />
          ) : (
            <LoggedFileView runId={run.id} file={file} files={props.files.get(run.id) ?? []} />
          )}
        </CompareColumn>
      ))}
    </div>
  );
}

export function CompareFiles({
  runs,
  styles,
}: {
  runs: readonly RunSummary[];
  styles: ReadonlyMap<string, RunStyle>;
}) {
  const { listed, keys, groupsByRun } = useCompareFiles(runs);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const chosen = keys.find((k) => k.key === chosenKey) ?? keys[0];
  const at = useCompareCursor(runs, groupsByRun, chosen?.key ?? null);

  if (listed.files.size < runs.length && listed.errors.size === 0)
    return <div className="spinner" />;
  const errors = [...listed.errors].map(([id, message]) => (
    <div className="error-box" key={id}>
      <VisibleText text={id} />: {message}
    </div>
  ));
  if (chosen === undefined || at.cursor === undefined) {
    return (
      <div className="empty-state" data-testid="compare-files-empty">
        <h2>No files</h2>
        <div>None of these runs logged a file.</div>
        {errors}
      </div>
    );
  }
  const cursor = at.cursor;
  const behind = at.shown.filter((s) => s.file !== null && s.file.step !== cursor);
  const nameOf = (run: RunSummary): string => visibleText(run.name ?? run.id);
  const props = { styles, keyName: chosen.key, cursor, shown: at.shown };
  return (
    <div className="card" data-testid="compare-files">
      <h3>Files</h3>
      <div className="body stack">
        {errors}
        <div className="image-tools">
          <label className="row">
            key
            <select
              value={chosen.key}
              onChange={(event) => setChosenKey(event.target.value)}
              data-testid="compare-file-key"
            >
              {keys.map(({ key, kind }) => (
                <option key={key} value={key}>
                  {key} ({kind})
                </option>
              ))}
            </select>
          </label>
          <StepPicker
            steps={at.steps}
            index={at.index}
            onIndex={at.setIndex}
            label="Step of every run"
            testId="compare"
          />
        </div>
        <div className="muted" data-testid="compare-offsets">
          step {cursor}
          {behind.map((s) => ` · ${nameOf(s.run)} shows ${s.file!.step}`).join('')}
        </div>
        {chosen.kind === 'image' ? <CompareImages runs={runs} {...props} /> : null}
        {chosen.kind === 'video' ? <CompareVideos {...props} /> : null}
        {chosen.kind === 'table' ? <CompareTables {...props} files={listed.files} /> : null}
        {chosen.kind !== 'image' && chosen.kind !== 'video' && chosen.kind !== 'table' ? (
          <SideBySide
            styles={styles}
            keyName={chosen.key}
            at={{ ...at, cursor }}
            files={listed.files}
            audio={chosen.kind === 'audio'}
          />
        ) : null}
      </div>
    </div>
  );
}
