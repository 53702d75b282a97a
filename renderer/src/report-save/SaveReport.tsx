// The board's "Save report…": a title and a note (Markdown), then the host makes the page into
// one offline HTML file, which is saved where the browser (or the desktop app) saves downloads.

import { useCallback, useRef, useState } from 'react';
import type {
  ReportGroupingAsk,
  ReportPanelAsk,
  ReportRunStyle,
} from '../../../shared/api/report-ask.js';
import { MAX_REPORT_PANELS, MAX_REPORT_RUNS } from '../../../shared/api/report-ask.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import { unwrap } from '../api/call.js';
import { saveBlob } from '../charts/download.js';
import { useDismiss } from '../pages/use-dismiss.js';
import { useServices } from '../state/app-context.js';
import './report-save.css';

export interface ReportOfPage {
  readonly runIds: readonly string[];
  readonly grouping?: ReportGroupingAsk | undefined;
  readonly styles: readonly ReportRunStyle[];
  readonly panels: readonly ReportPanelAsk[];
  readonly title: string;
}

/** Why the page cannot be made a report, or null when it can. */
function pageProblem(page: ReportOfPage): string | null {
  if (page.runIds.length === 0) return 'The page shows no run.';
  if (page.runIds.length > MAX_REPORT_RUNS)
    return `A report holds at most ${MAX_REPORT_RUNS} runs; this page shows ${page.runIds.length}.`;
  if (page.panels.length === 0)
    return 'The page shows no panel: clear the filter, or show a hidden panel.';
  if (page.panels.length > MAX_REPORT_PANELS)
    return `A report holds at most ${MAX_REPORT_PANELS} panels; filter the keys first.`;
  return null;
}

export function SaveReport({ page }: { page: () => ReportOfPage }) {
  const { bridge, toast } = useServices();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [making, setMaking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => (setOpen(false), setProblem(null)), []);
  useDismiss(open && !making, close, [button, panel]);

  const start = (): void => {
    const shown = page();
    setTitle(shown.title);
    setProblem(pageProblem(shown));
    setOpen(true);
  };
  const save = async (): Promise<void> => {
    const shown = page();
    const wrong = pageProblem(shown);
    if (wrong !== null) return setProblem(wrong);
    setMaking(true);
    setProblem(null);
    try {
      const made = unwrap(
        await bridge.api.makeReport({
          runIds: shown.runIds,
          styles: shown.styles,
          panels: shown.panels,
          ...(shown.grouping === undefined ? {} : { grouping: shown.grouping }),
          title: title.trim() === '' ? shown.title : title.trim(),
          note: note.trim() === '' ? null : note,
        }),
      );
      saveBlob(new Blob([made.html], { type: 'text/html' }), made.fileName);
      toast(`Saved ${made.fileName} (${byteSize(made.bytes)}): ${made.summary}`);
      close();
    } catch (error) {
      setProblem(
        `The report could not be made: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setMaking(false);
    }
  };
  return (
    <div className="save-report">
      <button
        ref={button}
        className="btn small"
        aria-expanded={open}
        onClick={() => (open ? close() : start())}
        title="Save what this page shows as one HTML file that opens offline in any browser"
        data-testid="save-report"
      >
        Save report…
      </button>
      {open ? (
        <div
          ref={panel}
          className="panel-menu save-report-panel"
          role="dialog"
          aria-label="Save report"
          data-testid="save-report-panel"
        >
          <form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <label className="stack">
              <span>Title</span>
              <input
                className="text"
                value={title}
                autoFocus
                onChange={(event) => setTitle(event.target.value)}
                data-testid="report-title-input"
              />
            </label>
            <label className="stack">
              <span>
                Note <span className="muted">(Markdown, optional)</span>
              </span>
              <textarea
                className="text"
                rows={5}
                value={note}
                placeholder="What these runs show, and why it matters"
                onChange={(event) => setNote(event.target.value)}
                data-testid="report-note-input"
              />
            </label>
            <div className="muted save-report-what">
              The file holds the page’s runs and panels as they are set here: exact curves,
              zoomable, with the runs’ params, commits and reproduce lines.
            </div>
            {problem !== null ? (
              <div className="value-special" role="alert" data-testid="save-report-problem">
                {problem}
              </div>
            ) : null}
            <div className="row">
              <span className="spacer" />
              <button type="button" className="btn small" onClick={close} disabled={making}>
                Cancel
              </button>
              <button
                type="submit"
                className="btn small primary"
                disabled={making || pageProblem(page()) !== null}
                data-testid="save-report-go"
              >
                {making ? 'Making…' : 'Save'}
              </button>
            </div>
          </form>
        </div>
      ) : null}
    </div>
  );
}
