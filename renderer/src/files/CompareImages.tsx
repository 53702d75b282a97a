// Compare's images at the shared step cursor: one column per run, each its last image at or
// before the cursor and how far back that is; two runs flicker while Space is held, or show their
// difference pixel by pixel.

import { useEffect, useState } from 'react';
import type { LoggedFileInfo, RunSummary } from '../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../shared/api/logged-file-url.js';
import type { RunStyle } from '../charts/run-colors.js';
import { visibleText } from '../text/visible-text.js';
import { LoggedImage } from './LoggedImage.js';
import { ImageDiffView } from './ImageDiffView.js';
import { CompareColumn } from './compare/CompareColumn.js';

type View = 'side' | 'flicker' | 'difference';

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
  keyName,
  cursor,
  shown,
}: {
  runs: readonly RunSummary[];
  styles: ReadonlyMap<string, RunStyle>;
  keyName: string;
  cursor: number;
  shown: readonly { readonly run: RunSummary; readonly file: LoggedFileInfo | null }[];
}) {
  const runIds = runs.map((run) => run.id);
  const [view, setView] = useState<View>('side');
  const [pair, setPair] = useState<[string | null, string | null]>([null, null]);
  const first = runIds.includes(pair[0] ?? '') ? pair[0]! : runIds[0];
  const second =
    runIds.includes(pair[1] ?? '') && pair[1] !== first
      ? pair[1]!
      : runIds.find((id) => id !== first);
  const spaceHeld = useSpaceHeld(view === 'flicker');

  const nameOf = (id: string): string => visibleText(runs.find((r) => r.id === id)?.name ?? id);
  const fileOf = (id: string | undefined): LoggedFileInfo | null =>
    shown.find((s) => s.run.id === id)?.file ?? null;

  const column = (id: string, file: LoggedFileInfo | null) => (
    <CompareColumn
      key={id}
      runId={id}
      name={nameOf(id)}
      style={styles.get(id)}
      file={file}
      cursor={cursor}
      keyName={keyName}
      testId="compare-image"
    >
      {file === null ? null : (
        <LoggedImage runId={id} file={file} zoom="fit" testId="compare-image-shown" />
      )}
    </CompareColumn>
  );

  return (
    <div className="stack" data-testid="compare-images">
      <div className="image-tools">
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
              <span className="muted">Hold Space to show the second run in the first’s place.</span>
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
  );
}
