// The ui benchmark group: the built app in headless Chromium against `munin-view serve`, timed
// to the paint: write to pixel, opening pages (a Compare of 200 runs too), interaction and the
// renderer's CPU while live.

import { join } from 'node:path';
import { LiveWriter } from '../../support/live-writer.js';
import type { BenchFigure } from '../report.js';
import type { BarePage } from './bare-chromium.js';
import { benchCompareMany } from './compare-many.ui.js';
import { benchTable, benchZoom } from './interaction.ui.js';
import { benchOpenBoards, benchOpenTable } from './open-pages.ui.js';
import { benchRendererCpu } from './renderer-cpu.ui.js';
import { benchReport } from './report.ui.js';
import { startLiveRuns, writeBigStore, writeManyStore, writeTableStore } from './stores.js';
import { UiSession, inPage, pollPage } from './ui-session.js';
import { benchWriteToPixel } from './write-to-pixel.ui.js';

const LIVE_RUNS = 20;
/**
 * The page says no run is left to read, and no big log is being read on a thread: the runs'
 * pill goes once the logs left are the threads' own, and the big case's 1 GB log was still
 * being read (two threads on the two cores) a few seconds into its timed opens.
 */
const READ_ALL =
  `document.querySelector('[data-testid="reading-progress"]') === null && ` +
  `document.querySelector('[data-testid="log-progress"]') === null`;
const CPU_RUNS = 10;

/**
 * A case on a store of its own: written, served, and opened in a page (and a floor page of its
 * own) once every log is read, so that the case times pages and not the host's first read.
 */
async function inStore(
  session: UiSession,
  name: string,
  write: (root: string) => void,
  bench: (
    page: BarePage,
    floor: BarePage,
    openFloor: () => Promise<BarePage>,
  ) => Promise<BenchFigure[]>,
  readMs = 180_000,
): Promise<BenchFigure[]> {
  const floor = await session.openFloor();
  const root = join(session.tempDir(), name);
  write(root);
  const served = await session.serve(root);
  const page = await session.openApp(served.url);
  try {
    await pollPage(page, READ_ALL, readMs);
    return await bench(page, floor, () => session.openFloor());
  } finally {
    await page.close();
    await floor.close();
    await session.stop(served);
  }
}

/**
 * The big store's figures: its pages opened, each against a floor page of its own closed after
 * it (see benchOpenBoards), then zooming its long series against the case's floor page.
 */
async function benchBigStore(
  page: BarePage,
  floor: BarePage,
  openFloor: () => Promise<BarePage>,
): Promise<BenchFigure[]> {
  return [...(await benchOpenBoards(page, openFloor)), await benchZoom(page, floor)];
}

/** The 10,000-run table's figures: typing, scrolling, and opening it from a run's page. */
async function benchTableStore(page: BarePage, floor: BarePage): Promise<BenchFigure[]> {
  const runId = await inPage<string>(
    page,
    `document.querySelector('[data-testid="runs-table"] [data-run-id]').getAttribute('data-run-id')`,
  );
  return [...(await benchTable(page, floor)), await benchOpenTable(page, floor, runId)];
}

/**
 * Runs every case, printing each figure as soon as it is measured. Each case's floor is a page of
 * its own, as its app page is: a floor page kept from case to case had drawn for minutes by the
 * big case (the live case's 60 s of redraws), and drew the Compare's floor in 223 ms against
 * 258-290 ms when the big case ran alone.
 */
export async function benchUi(print: (figure: BenchFigure) => void): Promise<void> {
  const session = new UiSession();
  const writer = LiveWriter.start();
  const only = process.env['MUNIN_BENCH_UI_CASES']?.split(',');
  const wanted = (name: string): boolean => only === undefined || only.includes(name);
  try {
    if (wanted('live')) {
      const floor = await session.openFloor();
      const root = join(session.tempDir(), 'live');
      const handles = await startLiveRuns(writer, root, LIVE_RUNS);
      const served = await session.serve(root);
      const page = await session.openApp(served.url);
      for (const f of await benchWriteToPixel(page, served.port, writer, handles, LIVE_RUNS))
        print(f);
      for (const f of await benchRendererCpu(
        page,
        floor,
        writer,
        handles.slice(0, CPU_RUNS),
        1_000_000,
      ))
        print(f);
      await page.close();
      await floor.close();
      await session.stop(served);
    }
    // Every run listed and read: typing and scrolling time the table, not its first read.
    if (wanted('table'))
      for (const f of await inStore(session, 'table', writeTableStore, benchTableStore, 600_000))
        print(f);
    if (wanted('big'))
      for (const f of await inStore(session, 'big', writeBigStore, benchBigStore)) print(f);
    // A store of 200 runs takes minutes to read whole.
    if (wanted('many'))
      for (const f of await inStore(session, 'many', writeManyStore, benchCompareMany, 600_000))
        print(f);
    if (wanted('report')) for (const f of await benchReport(session)) print(f);
  } finally {
    await writer.kill();
    await session.close();
  }
}
