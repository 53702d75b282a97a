// The munin-view command: export stores and event streams as JSON, verify a store's blobs, write
// the demo store, plot a run, serve, watch runs' health, or open the app.

import { configureLog } from './log.js';
import { StoreError } from './store/store.js';
import { documentPieces } from './store/export.js';
import { diskExportParts } from './sources/open-source.js';
import { writePieces } from './store/export-stream.js';
import { linkInArguments, parseDesktopLink, withoutLink } from './desktop-link.js';

const USAGE = `usage:
  munin-view [PATH ...] [--verbose]
  munin-view --open munin-view://open?store=STORE&page=#/...
                                 open the desktop app on PATH (or on its welcome screen), or
                                 at the page a link names (the app's Copy link makes them);
                                 a PATH is a munin store, a .jsonl event stream, or a folder
                                 of streams (.jsonl files in it or up to 3 folders down);
                                 several PATHs open side by side
  munin-view export PATH ... [--verbose]
                                 print the runs as read, one JSON document
  munin-view verify STORE [NAME | NAME:N | NAME@ALIAS ...]
                                 check versions' blobs against their digests (no names: every
                                 version not deleted); a line per version, NAME:N STATUS DIGEST;
                                 exit 0 all ok (or deleted), 1 any missing, modified or
                                 unreadable, 2 a bad store or a name that names nothing
  munin-view demo DIR [--live]   write a demo store (--live: keep one run writing)
  munin-view plot PATH RUN [--key K ...] [--overlay] [--x step|time|relative|step_metric]
                  [--smooth W] [--log-y] [--from X] [--to X] [--width N] [--height N]
                  [--ascii] [--follow]
                                 draw a run's curves in the terminal, exact (no spike lost);
                                 RUN: an id, a unique prefix of one, or a unique name; K: a
                                 key, a prefix ending in /, or a /regex/ (readings, sys/...,
                                 only when named); notes on what it cannot show on stderr;
                                 exit 0 drawn, 1 nothing to draw, 2 bad arguments or path
  munin-view report PATH ... --runs RUN[,RUN...] [--keys K ...] [--title T]
                  [--note FILE.md] [-o FILE.html] [--x step|time|relative|step_metric]
                  [--smooth W] [--log-y]
                                 write a comparison of runs as one HTML file that opens
                                 offline in any browser: exact curves (every sample, or
                                 exact envelopes), the runs' params, summaries, commits
                                 and reproduce lines; default keys: the metrics all share;
                                 exit 0 written, 1 a run or key naming nothing, 2 bad
                                 arguments, an unreadable path or an unwritable file
  munin-view serve PATH ... [--port N] [--host ADDR] [--token VALUE | --no-token]
                         [--poll] [--interval MS] [--stall-after S] [--stall-factor K]
                         [--verbose]
                                 serve the app to a browser, with a per-launch token
  munin-view watch PATH ... [--json] [--stall-after S] [--stall-factor K] [--once]
                                 print a line per run event as it happens: stalled (no
                                 write for S seconds, default 60, and K times its usual
                                 interval, default 10), writing again, nonfinite (a key's
                                 first NaN or infinity), finished, failed, killed, crashed;
                                 --json: one JSON object a line; --once: the health of
                                 every run without an end, then exit
  --verbose                      also print debug lines: each file skipped, each probe not
                                 made and why (warnings and errors print without it)
`;

/** args without --verbose; where it was there, debug lines are logged from now on. */
function takeVerbose(args: readonly string[]): { args: string[]; verbose: boolean } {
  const rest = args.filter((arg) => arg !== '--verbose');
  const verbose = rest.length < args.length;
  if (verbose) configureLog({ verbose: true });
  return { args: rest, verbose };
}

function fail(message: string, status = 2): never {
  process.stderr.write(`munin-view: ${message}\n`);
  process.exit(status);
}

async function exportCommand(args: string[]): Promise<void> {
  if (args.length === 0 || args.some((arg) => arg.startsWith('-')))
    fail(`export takes a STORE (or .jsonl streams, or folders of them)\n${USAGE}`);
  let parts;
  try {
    parts = diskExportParts(args);
  } catch (error) {
    if (error instanceof StoreError) fail(error.message);
    throw error;
  }
  // Told also after the last write: the reader may go before the buffered text reaches it.
  process.stdout.on('error', (error) =>
    fail(`the export was not all written: ${error.message}`, 1),
  );
  if (!(await writePieces(process.stdout, documentPieces(parts))))
    fail('the export was not all written: its reader went away', 1);
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'export':
      return exportCommand(takeVerbose(rest).args);
    case 'verify': {
      const { verifyCommand } = await import('./verify-command.js');
      return verifyCommand(takeVerbose(rest).args, fail);
    }
    case 'plot': {
      const { plotCommand } = await import('./plot/plot-command.js');
      return plotCommand(takeVerbose(rest).args, fail);
    }
    case 'serve': {
      const { args } = takeVerbose(rest);
      const { serveCommand } = await import('./host/serve-command.js');
      return serveCommand(args);
    }
    case 'report': {
      const { reportCommand } = await import('./report/report-command.js');
      return reportCommand(takeVerbose(rest).args, fail);
    }
    case 'watch': {
      const { watchCommand } = await import('./watch/watch-command.js');
      return watchCommand(takeVerbose(rest).args, fail);
    }
    case 'demo': {
      const { demoCommand } = await import('./demo/demo-command.js');
      return demoCommand(rest);
    }
    case '-h':
    case '--help':
      process.stdout.write(USAGE);
      return;
    default: {
      // Anything else names what to open in the desktop app (or nothing: its welcome screen), or
      // a munin-view:// link to follow there.
      const { args, verbose } = takeVerbose(argv);
      const link = linkInArguments(args);
      if (link !== null) {
        const parsed = parseDesktopLink(link);
        if (!parsed.ok) fail(parsed.problem);
      }
      const paths = withoutLink(args);
      const unknown = paths.find((arg) => arg.startsWith('-'));
      if (unknown !== undefined) fail(`unknown command ${JSON.stringify(unknown)}\n${USAGE}`);
      const { launchDesktopApp } = await import('./launch-app.js');
      process.exitCode = await launchDesktopApp(paths, verbose, link);
    }
  }
}
