// The ui benchmark group: the built app in headless Chromium against `munin-view serve`, timed
// to the paint: write to pixel, opening pages, interaction and the renderer's CPU while live.

import { join } from 'node:path';
import { LiveWriter } from '../../support/live-writer.js';
import type { BenchFigure } from '../report.js';
import { benchTable, benchZoom } from './interaction.ui.js';
import { benchOpenBoards, benchOpenTable } from './open-pages.ui.js';
import { benchRendererCpu } from './renderer-cpu.ui.js';
import { benchReport } from './report.ui.js';
import { startLiveRuns, writeBigStore, writeTableStore } from './stores.js';
import { UiSession, inPage, pollPage } from './ui-session.js';
import { benchWriteToPixel } from './write-to-pixel.ui.js';

const LIVE_RUNS = 20;
/** The page says no run is left to read. */
const READ_ALL = `document.querySelector('[data-testid="reading-progress"]') === null`;
const CPU_RUNS = 10;

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
    if (wanted('table')) {
      const floor = await session.openFloor();
      const root = join(session.tempDir(), 'table');
      writeTableStore(root);
      const served = await session.serve(root);
      const page = await session.openApp(served.url);
      // Every run listed and read: typing and scrolling time the table, not its first read.
      await pollPage(page, READ_ALL, 600_000);
      const runId = await inPage<string>(
        page,
        `document.querySelector('[data-testid="runs-table"] [data-run-id]').getAttribute('data-run-id')`,
      );
      for (const f of await benchTable(page, floor)) print(f);
      print(await benchOpenTable(page, floor, runId));
      await page.close();
      await floor.close();
      await session.stop(served);
    }
    if (wanted('big')) {
      const floor = await session.openFloor();
      const root = join(session.tempDir(), 'big');
      writeBigStore(root);
      const served = await session.serve(root);
      const page = await session.openApp(served.url);
      // Every log read, so that opening a page times the page and not the host's first read.
      await pollPage(page, READ_ALL, 180_000);
      for (const f of await benchOpenBoards(page, floor)) print(f);
      print(await benchZoom(page, floor));
      await page.close();
      await floor.close();
      await session.stop(served);
    }
    if (wanted('report')) for (const f of await benchReport(session)) print(f);
  } finally {
    await writer.kill();
    await session.close();
  }
}
