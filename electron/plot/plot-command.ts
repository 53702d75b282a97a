// munin-view plot: a run's curves in the terminal. Notes on what the picture cannot show go to
// stderr first; exit 0 when something was drawn, 1 when nothing was, 2 for bad arguments or a
// path that cannot be read. --follow redraws in place as the run grows, until it ends.

import type { RemoteChoices } from '../sources/open-source.js';
import type { RunsSource, SourceRun } from '../sources/run-source.js';
import { ArgsError } from '../cli-options.js';
import { parsePlotArgs } from './plot-args.js';
import type { PlotArgs } from './plot-args.js';
import { plotPicture } from './plot-view.js';
import type { OpenedRuns } from './resolve-run.js';
import { openListed, PlotFailure, readSamplesOf, resolveRun } from './resolve-run.js';
import { terminalInfo } from './terminal.js';
import type { TerminalInfo } from './terminal.js';

/** Redraws at most this often: a few a second, however fast the run writes. */
const REDRAW_MS = 250;
/** A follow also redraws this often with no change, so "last write" keeps time. */
const TICK_MS = 1000;

function currentTerminal(args: PlotArgs): TerminalInfo {
  return terminalInfo(
    {
      env: process.env,
      isTTY: process.stdout.isTTY === true,
      columns: process.stdout.columns,
      rows: process.stdout.rows,
    },
    { width: args.width, height: args.height, ascii: args.ascii },
  );
}

function writeNotes(notes: readonly string[]): void {
  if (notes.length > 0) process.stderr.write(notes.map((n) => `plot: ${n}\n`).join(''));
}

export async function plotCommand(
  argv: readonly string[],
  fail: (message: string, status?: number) => never,
  remote: RemoteChoices = {},
): Promise<void> {
  let args: PlotArgs;
  try {
    args = parsePlotArgs(argv);
  } catch (error) {
    if (error instanceof ArgsError) fail(`plot: ${error.message}`);
    throw error;
  }
  let source: RunsSource | null = null;
  try {
    const opened = await openListed(args.path, remote);
    source = opened.source;
    const run = resolveRun(source, args.run);
    await readSamplesOf(source, run);
    if (args.follow) {
      await follow(run, args, opened);
      return;
    }
    const picture = plotPicture(run, await run.detail(), args, currentTerminal(args), null);
    writeNotes(picture.notes);
    if (picture.drawn) process.stdout.write(picture.lines.join('\n') + '\n');
    else process.stderr.write('plot: nothing to draw\n');
    process.exitCode = picture.drawn ? 0 : 1;
  } catch (error) {
    if (error instanceof PlotFailure) {
      await source?.close();
      fail(`plot: ${error.message}`, error.status);
    }
    throw error;
  } finally {
    await source?.close();
  }
}

/**
 * Draws, then redraws as the run changes (throttled) until it ends or Ctrl-C. On a terminal
 * each redraw goes back over the last one; elsewhere only the last picture is written, once the
 * run ends, so a pipe gets one picture and no cursor movement.
 */
async function follow(run: SourceRun, args: PlotArgs, opened: OpenedRuns): Promise<void> {
  const tty = process.stdout.isTTY === true;
  let shown = 0;
  let notesWritten = false;
  let drawnOnce = false;
  let lastDraw = 0;
  /** A draw under way: a far run's detail comes later, and draws must not overlap. */
  let drawing: Promise<void> | null = null;
  const draw = async (final: boolean): Promise<void> => {
    const term = currentTerminal(args);
    const picture = plotPicture(run, await run.detail(), args, term, Date.now() / 1000);
    // Notes go out once, first: more stderr lines between redraws would break the redraw.
    if (!notesWritten && (tty || final)) {
      writeNotes(picture.notes);
      notesWritten = true;
    }
    drawnOnce ||= picture.drawn;
    if (!tty && !final) return;
    // Back to the top of the last picture, then clear it: the new one may be shorter.
    const back = tty && shown > 0 ? `\x1b[${shown}F\x1b[J` : '';
    const lines = picture.lines.slice(0, tty ? Math.max(1, term.height - 1) : undefined);
    process.stdout.write(back + lines.join('\n') + '\n');
    shown = lines.length;
    lastDraw = Date.now();
  };
  // The source's change events say when to look; a poll each tick also catches what a
  // watcher misses (a network file system), at the cost of a stat.
  let dirty = true;
  opened.onChange = (runId) => {
    if (runId === run.id) dirty = true;
  };
  await new Promise<void>((done) => {
    const stop = (): void => {
      clearInterval(timer);
      process.off('SIGINT', interrupt);
      if (tty) process.stdout.write('\x1b[?25h');
      done();
    };
    const interrupt = (): void => {
      void (drawing ?? Promise.resolve()).then(() => draw(true)).finally(stop);
    };
    process.on('SIGINT', interrupt);
    if (tty) process.stdout.write('\x1b[?25l');
    const tick = (): void => {
      if (drawing !== null) return;
      const result = run.refresh(true);
      if (result.state !== 'read' || result.fileChanged || result.changes.length > 0) dirty = true;
      if (!run.open) {
        clearInterval(timer);
        drawing = draw(true).finally(stop);
        return;
      }
      const since = Date.now() - lastDraw;
      if ((dirty && since >= REDRAW_MS) || since >= TICK_MS) {
        dirty = false;
        drawing = draw(false).finally(() => (drawing = null));
      }
    };
    const timer = setInterval(tick, REDRAW_MS);
    tick();
  });
  if (!drawnOnce) process.stderr.write('plot: nothing to draw\n');
  process.exitCode = drawnOnce ? 0 : 1;
}
