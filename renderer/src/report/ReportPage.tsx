// An offline report's page: its title, note and making; the runs' table; the page's x axis,
// smoothing and log y over the app's own curve panels; tiles and breakdowns; each run's
// reproduce block; and what the file holds.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReportDocument } from '../../../shared/report/report-document.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import type { XAxisChoice } from '../charts/BoardToolbar.js';
import { BoardToolbar, PAGE_X_MODES } from '../charts/BoardToolbar.js';
import { keyMatcher } from '../charts/panel-layout.js';
import { markdownFragment } from '../files/markdown/markdown-fragment.js';
import { useTheme } from '../state/theme.js';
import { absoluteTime } from '../text/time-text.js';
import { ReportCurvePanel } from './ReportPanel.js';
import { ReportReproduce, ReportRunsTable } from './ReportRuns.js';
import { reportStyles } from './report-styles.js';
import { ReportTiles } from './ReportTiles.js';

function Note({ source }: { source: string }) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A note's images are data: images only: the report loads nothing.
    target.current?.replaceChildren(markdownFragment(source, { imageUrl: () => null }));
  }, [source]);
  return <div className="markdown-body report-note card" ref={target} data-testid="report-note" />;
}

/** The page's first axis, smoothing and log y: as the panels were saved, when they agree. */
function savedChoices(document: ReportDocument): {
  mode: XAxisChoice;
  smoothing: number;
  logY: boolean;
} {
  const { panels } = document;
  const modes = new Set(panels.map((panel) => panel.mode));
  const smoothings = new Set(panels.map((panel) => panel.smoothing));
  return {
    mode: modes.size === 1 && !modes.has('step_metric') ? [...modes][0]! : 'declared',
    smoothing: smoothings.size === 1 ? [...smoothings][0]! : 0,
    logY: panels.length > 0 && panels.every((panel) => panel.logY),
  };
}

export function ReportPage({ document, bytes }: { document: ReportDocument; bytes: number }) {
  const [theme, toggleTheme] = useTheme();
  const styles = useMemo(() => reportStyles(document.runs), [document]);
  const saved = useMemo(() => savedChoices(document), [document]);
  const [mode, setMode] = useState<XAxisChoice>(saved.mode);
  const [smoothing, setSmoothing] = useState(saved.smoothing);
  const [logY, setLogY] = useState(saved.logY);
  const [filter, setFilter] = useState('');
  const matcher = useMemo(() => keyMatcher(filter), [filter]);
  const panels = document.panels.filter((panel) => matcher.test(panel.key));
  const modes = document.panels.some((panel) => panel.stepMetric !== null)
    ? PAGE_X_MODES
    : PAGE_X_MODES.filter(([choice]) => choice !== 'step_metric');
  const everySample = document.panels.filter((panel) => panel.holding === 'every-sample').length;
  useEffect(() => {
    window.document.title = document.title;
  }, [document.title]);
  return (
    <div className="report" data-testid="report">
      <header className="report-head">
        <div className="stack">
          <h1 data-testid="report-title">{document.title}</h1>
          <div className="muted">
            Made {absoluteTime(document.made)} by {document.madeBy}, from{' '}
            {document.stores.map((store, index) => (
              <span key={store.root}>
                {index > 0 ? ', ' : ''}
                <span className="mono" title={store.root}>
                  {store.root}
                </span>
              </span>
            ))}
            . {document.runs.length} run{document.runs.length === 1 ? '' : 's'},{' '}
            {document.panels.length} curve{document.panels.length === 1 ? '' : 's'}.
          </div>
        </div>
        <span className="spacer" />
        <button
          className="btn ghost small"
          onClick={toggleTheme}
          data-testid="theme-toggle"
          title="Switch between the light and dark themes"
        >
          {theme === 'dark' ? 'Light' : 'Dark'}
        </button>
      </header>
      {document.note !== null ? <Note source={document.note} /> : null}
      <section className="report-section">
        <h2>Runs</h2>
        <ReportRunsTable document={document} styles={styles} />
      </section>
      {document.missingKeys.length > 0 ? (
        <div className="report-missing muted" data-testid="report-missing">
          No samples of {document.missingKeys.map((key) => `“${key}”`).join(', ')} in these runs.
        </div>
      ) : null}
      <section className="report-section">
        <h2>Metrics</h2>
        <BoardToolbar
          filter={filter}
          onFilter={setFilter}
          filterError={matcher.error}
          pageMode={mode}
          modes={modes}
          onPageMode={setMode}
          smoothing={smoothing}
          onSmoothing={setSmoothing}
          logY={logY}
          onLogY={setLogY}
          panels={panels.length}
        />
        <ReportTiles document={document} styles={styles} filter={(key) => matcher.test(key)} />
        <div className="panel-grid" data-testid="report-panels">
          {panels.map((panel) => (
            <ReportCurvePanel
              key={panel.key}
              document={document}
              panel={panel}
              styles={styles}
              mode={mode}
              smoothing={smoothing}
              logY={logY}
            />
          ))}
        </div>
        {document.panels.length === 0 ? (
          <div className="empty-state muted">The report holds no curves.</div>
        ) : null}
      </section>
      <section className="report-section">
        <h2>Reproduce</h2>
        <ReportReproduce document={document} styles={styles} />
      </section>
      <footer className="report-foot muted" data-testid="report-foot">
        This file is the whole report: it loads nothing and sends nothing. It holds{' '}
        {byteSize(bytes)} of data: every sample of {everySample} curve
        {everySample === 1 ? '' : 's'}, and of the other {document.panels.length - everySample} the
        exact envelopes (each column’s first, last, least and greatest sample) at the finest width
        its size allows.
      </footer>
    </div>
  );
}
