// UI bench case: an offline report of 20 runs × 12 keys × 200,000 samples. Its size against the
// store it is made from (budget: 15 MB), and opening it from file:// to every panel painted
// against the same panels of the same runs drawn by Compare from `munin-view serve`.

import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchFigure } from '../report.js';
import { generateMetricsLog } from '../generate-log.js';
import { figure, openBoard } from './open-pages.ui.js';
import { SIZES, keyName } from './stores.js';
import type { UiSession, Viewport } from './ui-session.js';
import { CLI, inPage } from './ui-session.js';

const RUNS = 20;
const KEYS = 12;
/** Tall enough that every panel of both pages is on screen: each draws as it would in view. */
const TALL: Viewport = { width: 1440, height: 4200 };
const OPENS = Number(process.env['MUNIN_BENCH_UI_OPENS'] ?? 5);

const reportRun = (n: number): string =>
  `20261201T050000Z-${(0x4e000 + n).toString(16).padStart(8, '0')}`;

/** Writes the runs, each of its own noise; the bytes of their logs. */
function writeReportStore(root: string, samples: number): number {
  const keys = Array.from({ length: KEYS }, (_, k) => keyName(k));
  let bytes = 0;
  for (let r = 0; r < RUNS; r++) {
    mkdirSync(join(root, 'runs', reportRun(r)), { recursive: true });
    bytes += generateMetricsLog(
      join(root, 'runs', reportRun(r), 'events.jsonl'),
      samples,
      keys,
      1000 + r,
    );
  }
  return bytes;
}

/** Ms from a report's navigation to the paint after every key drew every run's last step. */
async function openReport(
  session: UiSession,
  file: string,
  keys: readonly string[],
  lastStep: number,
) {
  const page = await session.openProbed(TALL);
  try {
    await page.goto(`file://${file}`);
    return await inPage<number>(
      page,
      `(async () => {
        const complete = (d) => d.painted > 0 && d.runs.length >= ${RUNS} && d.last.every((s) => s >= ${lastStep});
        const keys = ${JSON.stringify(keys)};
        await __muninBench.until(() => keys.every((key) => __muninBench.draws.some((d) => d.key === key && complete(d))), 60000);
        return Math.max(...keys.map((key) => Math.min(...__muninBench.draws
          .filter((d) => d.key === key && complete(d)).map((d) => d.painted)))) - performance.timeOrigin;
      })()`,
    );
  } finally {
    await page.close();
  }
}

export async function benchReport(session: UiSession): Promise<BenchFigure[]> {
  const samples = SIZES.reportSamples;
  const root = join(session.tempDir(), 'report-store');
  const storeBytes = writeReportStore(root, samples);
  const ids = Array.from({ length: RUNS }, (_, r) => reportRun(r));
  const keys = Array.from({ length: KEYS }, (_, k) => keyName(k));
  const file = join(session.tempDir(), 'report.html');
  const made = spawnSync(
    process.execPath,
    [CLI, 'report', root, '--runs', ids.join(','), '-o', file],
    {
      encoding: 'utf8',
    },
  );
  if (made.status !== 0) throw new Error(`munin-view report failed: ${made.stderr}`);
  const size = statSync(file).size;
  const sizes = `${RUNS} runs × ${KEYS} keys × ${samples.toLocaleString('en')} samples`;
  const served = await session.serve(root);
  const app = await session.openApp(served.url, TALL);
  const report: number[] = [];
  const compare: number[] = [];
  try {
    // In turn, so that both pages meet the same spells of a shared machine.
    for (let i = 0; i < OPENS; i++) {
      report.push(await openReport(session, file, keys, samples - 1));
      compare.push(await openBoard(app, `#/compare/${ids.join(',')}`, keys, samples - 1, RUNS));
    }
  } finally {
    await app.close();
    await session.stop(served);
  }
  return [
    {
      name: `report file of ${sizes} (${made.stdout.trim().replace(/^wrote \S+ /, '')})`,
      value: size / 1e6,
      unit: 'MB',
      baseline: storeBytes / 1e6,
      ratio: size / storeBytes,
      goal: 'under 15 MB (baseline: the store’s logs it is made from)',
    },
    figure(
      `open the report of ${sizes} from file://, to all panels painted`,
      {
        app: report,
        floor: compare,
      },
      'under 2,000 ms; ratio ≤ 1 (baseline: Compare drawing the same panels from serve)',
    ),
  ];
}
