// The munin-view command: export stores and event streams as JSON, verify a store's blobs, write
// the demo store, plot a run, serve, watch runs' health, or open the app; stores on other machines
// (ssh://) wherever paths are taken.

import { configureLog } from './log.js';
import { StoreError } from './store/store.js';
import { documentPieces } from './store/export.js';
import { diskExportParts } from './sources/open-source.js';
import { writePieces } from './store/export-stream.js';
import { linkInArguments, parseDesktopLink, withoutLink } from './desktop-link.js';
import type { RemoteChoices } from './sources/open-source.js';
import { takeRemoteFlags } from './sources/remote/remote-flags.js';
import { isSshAddress, parseSshAddress, SshAddressError } from './sources/remote/ssh-address.js';

const USAGE = `usage:
  munin-view [PATH ...] [--verbose]
  munin-view --open munin-view://open?store=STORE&page=#/...
                                 open the desktop app on PATH (or on its welcome screen), or
                                 at the page a link names (the app's Copy link makes them);
                                 a PATH is a munin store, a .jsonl event stream, or a folder
                                 of streams (.jsonl files in it or up to 3 folders down), or
                                 ssh://[user@]host[:port]/path, one on another machine (ssh
                                 runs munin-view serve --stdio there); several PATHs open
                                 side by side
  munin-view export PATH ... [--verbose]
                                 print the runs as read, one JSON document; an ssh:// PATH
                                 alone prints the far munin-view's export
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
                         [--frame-kib N] [--verbose]
                                 serve the app to a browser, with a per-launch token;
                                 --frame-kib: no WebSocket message over N KiB (default
                                 65536), for a proxy that caps them; bigger answers go
                                 in parts
  munin-view watch PATH ... [--json] [--stall-after S] [--stall-factor K] [--once]
                                 print a line per run event as it happens: stalled (no
                                 write for S seconds, default 60, and K times its usual
                                 interval, default 10), writing again, nonfinite (a key's
                                 first NaN or infinity), finished, failed, killed, crashed;
                                 --json: one JSON object a line; --once: the health of
                                 every run without an end, then exit
  munin-view serve --stdio PATH ...
                                 serve the Api to one client over stdin and stdout, as ssh
                                 runs it on the far machine; no port is opened
  --ssh-command CMD              how ssh:// PATHs are reached (default: $MUNIN_VIEW_SSH_COMMAND,
                                 else ssh), e.g. "ssh -F ~/.ssh/work"
  --remote-command CMD           how the far machine runs munin-view (default munin-view),
                                 e.g. "npx munin-view"
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

/** The arguments without --ssh-command and --remote-command, and what they chose. */
function takeRemote(args: readonly string[]): { args: string[]; remote: RemoteChoices } {
  const taken = takeRemoteFlags(args);
  if (typeof taken === 'string') fail(taken);
  return taken;
}

async function exportCommand(given: string[]): Promise<void> {
  const { args, remote } = takeRemote(given);
  if (args.length === 0 || args.some((arg) => arg.startsWith('-')))
    fail(`export takes a STORE (or .jsonl streams, or folders of them)\n${USAGE}`);
  if (args.some(isSshAddress)) {
    if (args.length > 1)
      fail('export takes an ssh:// address alone: the far munin-view prints its export whole');
    let address;
    try {
      address = parseSshAddress(args[0]!);
    } catch (error) {
      if (error instanceof SshAddressError) fail(error.message);
      throw error;
    }
    const { exportRemote } = await import('./sources/remote/remote-export.js');
    const { remoteOptions } = await import('./sources/remote/ssh-command.js');
    process.exitCode = await exportRemote(address, remoteOptions(remote));
    return;
  }
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
      const { args, remote } = takeRemote(takeVerbose(rest).args);
      const { plotCommand } = await import('./plot/plot-command.js');
      return plotCommand(args, fail, remote);
    }
    case 'serve': {
      const { args, remote } = takeRemote(takeVerbose(rest).args);
      const { serveCommand } = await import('./host/serve-command.js');
      return serveCommand(args, remote);
    }
    case 'report': {
      const { args, remote } = takeRemote(takeVerbose(rest).args);
      const { reportCommand } = await import('./report/report-command.js');
      return reportCommand(args, fail, remote);
    }
    case 'watch': {
      const { args, remote } = takeRemote(takeVerbose(rest).args);
      const { watchCommand } = await import('./watch/watch-command.js');
      return watchCommand(args, fail, remote);
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
      const { args: given, verbose } = takeVerbose(argv);
      const { args, remote } = takeRemote(given);
      const link = linkInArguments(args);
      if (link !== null) {
        const parsed = parseDesktopLink(link);
        if (!parsed.ok) fail(parsed.problem);
      }
      const paths = withoutLink(args);
      const unknown = paths.find((arg) => arg.startsWith('-'));
      if (unknown !== undefined) fail(`unknown command ${JSON.stringify(unknown)}\n${USAGE}`);
      const { launchDesktopApp } = await import('./launch-app.js');
      process.exitCode = await launchDesktopApp(paths, verbose, link, remote);
    }
  }
}
