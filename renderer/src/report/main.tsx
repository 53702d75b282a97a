// The entry of an offline report's page: reads the report out of the page itself and draws it
// with the app's own chart code, talking to the report's points instead of a host.

import { createRoot } from 'react-dom/client';
import { AppContext } from '../state/app-context.js';
import type { AppServices } from '../state/app-context.js';
import { StoreState } from '../state/store-state.js';
import { openReport } from './report-data.js';
import { reportBridge } from './report-bridge.js';
import { ReportCurves } from './report-curves.js';
import { ReportGroupCurves } from './report-group-curves.js';
import { ReportPage } from './ReportPage.js';
import '../styles.css';
import 'uplot/dist/uPlot.min.css';
import '../files/files.css';
import './report.css';

function showProblem(root: HTMLElement, message: string): void {
  const box = document.createElement('div');
  box.className = 'report-problem';
  box.setAttribute('data-testid', 'report-problem');
  box.textContent = `This report cannot be shown: ${message}`;
  root.replaceChildren(box);
}

async function start(): Promise<void> {
  const root = document.getElementById('root')!;
  let opened;
  try {
    opened = await openReport(document);
  } catch (error) {
    showProblem(root, error instanceof Error ? error.message : String(error));
    return;
  }
  const bridge = reportBridge(new ReportCurves(opened), new ReportGroupCurves(opened));
  const services: AppServices = {
    bridge,
    store: new StoreState(bridge),
    // A report's only messages are its panels' own notes.
    toast: () => {},
  };
  createRoot(root).render(
    <AppContext.Provider value={services}>
      <ReportPage document={opened.document} bytes={opened.bytes} />
    </AppContext.Provider>,
  );
}

void start();
