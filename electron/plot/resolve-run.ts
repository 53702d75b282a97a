// Opening PATH through the host's source seam, waiting until every run is listed, and finding
// RUN among them: an id, a unique prefix of one, its random part, or a unique name.

import type { RemoteChoices } from '../sources/open-source.js';
import { openRunsSource } from '../sources/open-source.js';
import { StoreError } from '../store/store.js';
import type { RunChange, RunsSource, SourceRun } from '../sources/run-source.js';

/** A failure with its exit status: 2 for what cannot be read or is ambiguous, 1 for no match. */
export class PlotFailure extends Error {
  constructor(
    message: string,
    readonly status: 1 | 2,
  ) {
    super(message);
  }
}

export interface OpenedRuns {
  readonly source: RunsSource;
  /** Told each time a run changes on disk (for --follow). */
  onChange: ((runId: string, what: RunChange) => void) | null;
}

const LISTED_POLL_MS = 10;

/** Opens the path (or paths, side by side) and resolves once every run is read (long reads too). */
export async function openListed(
  path: string | readonly string[],
  remote: RemoteChoices = {},
): Promise<OpenedRuns> {
  const named = typeof path === 'string' ? path : path.join(', ');
  let source: RunsSource;
  try {
    source = openRunsSource(path, { remote });
  } catch (error) {
    throw new PlotFailure(`cannot open ${named}: ${(error as Error).message}`, 2);
  }
  const opened: OpenedRuns = { source, onChange: null };
  try {
    await source.open({
      runAdded: () => {},
      readingStarted: () => {},
      runChanged: (runId, what) => opened.onChange?.(runId, what),
      artifactsChanged: () => {},
    });
  } catch (error) {
    // A far store ssh could not reach (or a far path that is no store) says why.
    await source.close();
    if (error instanceof StoreError)
      throw new PlotFailure(`cannot open ${named}: ${error.message}`, 2);
    throw error;
  }
  while (source.toRead > 0 || source.reading.size > 0)
    await new Promise((resolve) => setTimeout(resolve, LISTED_POLL_MS));
  return opened;
}

/** Reads the run's samples when it was listed without them; a far run's are fetched first. */
export async function readSamplesOf(source: RunsSource, run: SourceRun): Promise<void> {
  await source.prepare?.({ op: 'series', runId: run.id, keys: [] });
  if (!run.samplesRead) run.readSamples();
}

/** The part of a munin id after its time: 20261128T051611Z-f9c2fd42 → f9c2fd42. */
function shortId(id: string): string | null {
  const dash = id.lastIndexOf('-');
  return dash < 0 ? null : id.slice(dash + 1);
}

function describe(run: SourceRun): string {
  const summary = run.summary();
  const name =
    summary.name === null
      ? '-'
      : summary.experiment === null
        ? summary.name
        : `${summary.experiment}/${summary.name}`;
  return `  ${run.id}  ${name}  ${summary.status}`;
}

/**
 * The run RUN names: the run of that id; else the one run whose name (or experiment/name) it
 * is, whose id it begins, or whose short id it begins. Several: a PlotFailure listing them.
 */
export function resolveRun(source: RunsSource, spec: string): SourceRun {
  const exact = source.runs.get(spec);
  if (exact !== undefined) return exact;
  const matches: SourceRun[] = [];
  for (const run of source.runs.values()) {
    const { name, experiment } = run.summary();
    const short = shortId(run.id);
    if (
      name === spec ||
      (name !== null && experiment !== null && `${experiment}/${name}` === spec) ||
      run.id.startsWith(spec) ||
      (short !== null && short.startsWith(spec))
    )
      matches.push(run);
  }
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    const listed = matches
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map(describe)
      .join('\n');
    throw new PlotFailure(`${JSON.stringify(spec)} names ${matches.length} runs:\n${listed}`, 2);
  }
  const some = [...source.runs.values()].slice(0, 20).map(describe).join('\n');
  throw new PlotFailure(
    `no run is ${JSON.stringify(spec)} (an id, a prefix of one, or a name)` +
      (some === '' ? '; the path holds no runs' : `; runs there:\n${some}`),
    1,
  );
}
