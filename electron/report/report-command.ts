// `munin-view report PATH ... --runs RUN[,RUN...]`: writes a comparison of runs as one offline
// HTML file and prints its size. Exit 0 written; 1 a run or key that names nothing; 2 bad
// arguments, a path that cannot be read, or a file that cannot be written (nothing left half
// written: the file is made under a .-name beside it, then renamed).

import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { byteSize } from '../../shared/format/byte-size.js';
import { replaceFileWhole } from '../store/writer/durable-files.js';
import { appNameAndVersion } from '../app-version.js';
import type { RunsSource, SourceRun } from '../sources/run-source.js';
import { openListed, PlotFailure, readSamplesOf, resolveRun } from '../plot/resolve-run.js';
import type { RemoteChoices } from '../sources/open-source.js';
import { ArgsError } from '../cli-options.js';
import { parseReportArgs } from './report-args.js';
import type { ReportArgs } from './report-args.js';
import { PreparedReport } from './report-build.js';
import { fitReport, REPORT_BUDGET_BYTES } from './report-fit.js';
import { readReportPage } from './report-html.js';
import { reportKeys } from './report-keys.js';
import { reportSummary } from './report-summary.js';

/** The file a report is written to without -o: its time, in the working directory. */
function defaultOutput(now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `munin-report-${stamp}.html`;
}

function defaultTitle(runs: readonly SourceRun[]): string {
  const names = runs.map((run) => run.summary().name ?? run.id);
  return runs.length === 1
    ? names[0]!
    : `${runs.length} runs: ${names.slice(0, 4).join(', ')}${runs.length > 4 ? ', …' : ''}`;
}

async function readNote(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new PlotFailure(`cannot read the note ${path}: ${(error as Error).message}`, 2);
  }
}

async function writeReport(args: ReportArgs, source: RunsSource): Promise<string> {
  const runs = args.runs.map((spec) => resolveRun(source, spec));
  const unique = [...new Set(runs)];
  // A far run's samples are fetched first.
  for (const run of unique) await readSamplesOf(source, run);
  const { keys, unmatched } = reportKeys(unique, args.keys);
  if (unmatched.length > 0)
    throw new PlotFailure(
      `${unmatched.map((p) => JSON.stringify(p)).join(', ')} ${unmatched.length === 1 ? 'matches' : 'match'} no key of these runs`,
      1,
    );
  if (keys.length === 0)
    throw new PlotFailure(
      args.keys.length === 0
        ? 'these runs share no metric key: name keys with --keys'
        : 'no key to show',
      1,
    );
  const note = args.notePath === null ? null : await readNote(args.notePath);
  const now = new Date();
  const output = resolve(args.output ?? defaultOutput(now));
  const page = await readReportPage();
  const prepared = new PreparedReport({
    runs: unique,
    details: await Promise.all(unique.map((run) => run.detail())),
    panels: keys.map((key) => ({
      key,
      axis: args.axis,
      smoothing: args.smoothing,
      logY: args.logY,
      zoom: null,
    })),
    missingKeys: [],
    title: args.title ?? defaultTitle(unique),
    note,
    stores: source.paths.map((path) => ({ root: path.root, name: path.name })),
    madeBy: appNameAndVersion(),
    now: now.getTime() / 1000,
  });
  const { document, html, overBudget } = fitReport(prepared, page);
  try {
    replaceFileWhole(dirname(output), basename(output), html, 'report');
  } catch (error) {
    throw new PlotFailure(`cannot write ${output}: ${(error as Error).message}`, 2);
  }
  const over = overBudget
    ? `; over the ${byteSize(REPORT_BUDGET_BYTES)} budget even at the coarsest envelopes: name fewer runs or keys`
    : '';
  return `wrote ${output} (${byteSize(html.length)}): ${reportSummary(document)}${over}`;
}

export async function reportCommand(
  argv: readonly string[],
  fail: (message: string, status?: number) => never,
  remote: RemoteChoices = {},
): Promise<void> {
  let args: ReportArgs;
  try {
    args = parseReportArgs(argv);
  } catch (error) {
    if (error instanceof ArgsError) fail(`report: ${error.message}`);
    throw error;
  }
  let source: RunsSource | null = null;
  try {
    source = (await openListed(args.paths, remote)).source;
    process.stdout.write(`${await writeReport(args, source)}\n`);
  } catch (error) {
    if (error instanceof PlotFailure) {
      await source?.close();
      fail(`report: ${error.message}`, error.status);
    }
    throw error;
  } finally {
    await source?.close();
  }
}
