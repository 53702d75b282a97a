// Compare's images: for one image key, one column per run at a shared step cursor that moves
// over every step any run logged; each run shows its last image at or before the cursor and
// says how far back that is. Two runs flicker while Space is held, or show their difference.

import { useEffect, useMemo, useState } from 'react';
import type { LoggedFileInfo, RunSummary } from '../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../shared/api/logged-file-url.js';
import type { RunStyle } from '../charts/run-colors.js';
import { RunSwatch } from '../charts/RunSwatch.js';
import { VisibleText } from '../components/VisibleText.js';
import { visibleText } from '../text/visible-text.js';
import type { FileGroup } from './file-steps.js';
import {
  atOrBeforeIndex,
  distinctSteps,
  groupFiles,
  nearestStepIndex,
  unionSteps,
} from './file-steps.js';
import { useLoggedFiles } from './use-logged-files.js';
import { LoggedImage } from './LoggedImage.js';
import { StepPicker } from './StepPicker.js';
import { ImageDiffView } from './ImageDiffView.js';

type View = 'side' | 'flicker' | 'difference';

/** What a run shows at the cursor: its file at or before it, or nothing logged that early. */
function shownAt(group: FileGroup | undefined, cursor: number): LoggedFileInfo | null {
  if (group === undefined) return null;
  const at = atOrBeforeIndex(group.steps, cursor);
  return at < 0 ? null : group.files[at]!;
}

/** True while Space is held outside a field: the flicker view shows its second run then. */
function useSpaceHeld(active: boolean): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!active) return;
    const typing = (event: KeyboardEvent): boolean =>
      event.target instanceof HTMLElement &&
      event.target.closest('input, textarea, select') !== null;
    const down = (event: KeyboardEvent): void => {
      if (event.key !== ' ' || typing(event)) return;
      event.preventDefault();
      setHeld(true);
    };
    const up = (event: KeyboardEvent): void => {
      if (event.key === ' ') setHeld(false);
    };
    const blur = (): void => setHeld(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, [active]);
  return held;
}

export function CompareImages({
  runs,
  styles,
}: {
  runs: readonly RunSummary[];
  styles: ReadonlyMap<string, RunStyle>;
}) {
  const runIds = useMemo(() => runs.map((run) => run.id), [runs]);
  const listed = useLoggedFiles(runIds);
  const groupsByRun = useMemo(
    () =>
      new Map(
        [...listed.files].map(([id, files]) => [
          id,
          new Map(
            groupFiles(files)
              .filter((g) => g.kind === 'image')
              .map((g) => [g.key, g]),
          ),
        ]),
      ),
    [listed.files],
  );
  const keys = useMemo(
    () => [...new Set([...groupsByRun.values()].flatMap((groups) => [...groups.keys()]))],
    [groupsByRun],
  );
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const key = chosenKey !== null && keys.includes(chosenKey) ? chosenKey : (keys[0] ?? null);
  const groups = runs.map((run) => (key === null ? undefined : groupsByRun.get(run.id)?.get(key)));
  const steps = unionSteps(groups.map((g) => (g === undefined ? [] : distinctSteps(g))));
  // null: at the last step, following the runs as they log.
  const [cursorStep, setCursorStep] = useState<number | null>(null);
  const index = cursorStep === null ? steps.length - 1 : nearestStepIndex(steps, cursorStep);
  const cursor = steps[index];
  const [view, setView] = useState<View>('side');
  const [pair, setPair] = useState<[string | null, string | null]>([null, null]);
  const first = runIds.includes(pair[0] ?? '') ? pair[0]! : runIds[0];
  const second =
    runIds.includes(pair[1] ?? '') && pair[1] !== first
      ? pair[1]!
      : runIds.find((id) => id !== first);
  const spaceHeld = useSpaceHeld(view === 'flicker');

  if (listed.files.size < runIds.length && listed.errors.size === 0)
    return <div className="spinner" />;
  if (key === null || cursor === undefined) {
    return (
      <div className="empty-state" data-testid="compare-images-empty">
        <h2>No images</h2>
        <div>None of these runs logged an image.</div>
        {[...listed.errors].map(([id, message]) => (
          <div className="error-box" key={id}>
            <VisibleText text={id} />: {message}
          </div>
        ))}
      </div>
    );
  }
  const nameOf = (id: string): string => visibleText(runs.find((r) => r.id === id)?.name ?? id);
  const shown = runs.map((run, i) => ({ run, file: shownAt(groups[i], cursor) }));
  const behind = shown.filter((s) => s.file !== null && s.file.step !== cursor);
  const fileOf = (id: string | undefined): LoggedFileInfo | null =>
    shown.find((s) => s.run.id === id)?.file ?? null;

  const column = (id: string, file: LoggedFileInfo | null) => (
    <div className="compare-image" key={id} data-testid="compare-image" data-run-id={id}>
      <div className="row compare-image-head">
        <RunSwatch {...styles.get(id)!} />
        <span className="compare-run-name">{nameOf(id)}</span>
        <span className="muted" data-testid="compare-image-step">
          {file === null
            ? `nothing at or before step ${cursor}`
            : file.step === cursor
              ? `step ${file.step}`
              : `shows step ${file.step}, ${cursor - file.step} before`}
        </span>
      </div>
      {file === null ? (
        <div className="image-frame muted">This run logged no {key} image this early.</div>
      ) : (
        <LoggedImage runId={id} file={file} zoom="fit" testId="compare-image-shown" />
      )}
    </div>
  );

  return (
    <div className="card" data-testid="compare-images">
      <h3>Images</h3>
      <div className="body stack">
        <div className="image-tools">
          <label className="row">
            key
            <select
              value={key}
              onChange={(e) => setChosenKey(e.target.value)}
              data-testid="compare-image-key"
            >
              {keys.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <StepPicker
            steps={steps}
            index={index}
            onIndex={(next) => setCursorStep(next >= steps.length - 1 ? null : steps[next]!)}
            label="Step of every run"
            testId="compare"
          />
          <span className="spacer" />
          <div className="segmented" role="group" aria-label="View">
            {(
              [
                ['side', 'Side by side'],
                ['flicker', 'Flicker'],
                ['difference', 'Difference'],
              ] as const
            ).map(([id, label]) => (
              <button
                key={id}
                className={`btn small ${view === id ? 'on' : ''}`}
                aria-pressed={view === id}
                disabled={id !== 'side' && runs.length < 2}
                onClick={() => setView(id)}
                data-testid={`compare-view-${id}`}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
        <div className="muted" data-testid="compare-offsets">
          step {cursor}
          {behind.map((s) => ` · ${nameOf(s.run.id)} shows ${s.file!.step}`).join('')}
        </div>
        {view === 'side' ? (
          <div className="compare-images">{shown.map((s) => column(s.run.id, s.file))}</div>
        ) : (
          <>
            <div className="row">
              {([0, 1] as const).map((slot) => (
                <label className="row" key={slot}>
                  {slot === 0 ? 'run' : 'against'}
                  <select
                    value={(slot === 0 ? first : second) ?? ''}
                    onChange={(e) =>
                      setPair(
                        slot === 0
                          ? [e.target.value, second ?? null]
                          : [first ?? null, e.target.value],
                      )
                    }
                    data-testid={`compare-pair-${slot}`}
                  >
                    {runs.map((run) => (
                      <option key={run.id} value={run.id}>
                        {nameOf(run.id)}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
              {view === 'flicker' ? (
                <span className="muted">
                  Hold Space to show the second run in the first’s place.
                </span>
              ) : null}
            </div>
            {view === 'flicker' && first !== undefined && second !== undefined
              ? column(spaceHeld ? second : first, fileOf(spaceHeld ? second : first))
              : null}
            {view === 'difference' && first !== undefined && second !== undefined ? (
              fileOf(first) !== null &&
              fileOf(second) !== null &&
              fileOf(first)!.problem === null &&
              fileOf(second)!.problem === null ? (
                <ImageDiffView
                  urlA={loggedFileUrl(first, fileOf(first)!.path)}
                  urlB={loggedFileUrl(second, fileOf(second)!.path)}
                />
              ) : (
                <div className="warn-box">
                  Both runs need a readable image at or before step {cursor} to compare.
                </div>
              )
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
