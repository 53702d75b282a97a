// The host's logger: which levels are written with --verbose and without, how a line reads with
// the error behind it, and where the stderr and console sinks write.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogLevel, LogSink } from '../../electron/log.js';
import {
  configureLog,
  consoleSink,
  createLogger,
  formatLine,
  log,
  stderrSink,
} from '../../electron/log.js';

/** A sink that keeps what it is given. */
function keeping(): { sink: LogSink; lines: [LogLevel, string][] } {
  const lines: [LogLevel, string][] = [];
  return { sink: (level, line) => lines.push([level, line]), lines };
}

function logAll(logger: ReturnType<typeof createLogger>): void {
  logger.debug('a file skipped');
  logger.warn('a run left out');
  logger.error('a store lost');
}

afterEach(() => {
  configureLog({ verbose: false, sink: stderrSink });
  vi.restoreAllMocks();
});

describe('the logger', () => {
  it('drops debug lines without --verbose, and writes warnings and errors', () => {
    const { sink, lines } = keeping();
    logAll(createLogger(() => ({ verbose: false, sink })));
    expect(lines).toEqual([
      ['warn', 'munin-view: warning: a run left out'],
      ['error', 'munin-view: error: a store lost'],
    ]);
  });

  it('writes debug lines too with --verbose', () => {
    const { sink, lines } = keeping();
    logAll(createLogger(() => ({ verbose: true, sink })));
    expect(lines).toEqual([
      ['debug', 'munin-view: debug: a file skipped'],
      ['warn', 'munin-view: warning: a run left out'],
      ['error', 'munin-view: error: a store lost'],
    ]);
  });

  it("ends a line with the error's message, or what a thrown value says", () => {
    const error = Object.assign(new Error("EACCES: permission denied, open '/s/runs/a/notes'"), {
      code: 'EACCES',
    });
    expect(formatLine('warn', 'cannot read the notes', error)).toBe(
      "munin-view: warning: cannot read the notes: EACCES: permission denied, open '/s/runs/a/notes'",
    );
    expect(formatLine('error', 'the thread stopped', 3)).toBe(
      'munin-view: error: the thread stopped: 3',
    );
    expect(formatLine('debug', 'no log yet')).toBe('munin-view: debug: no log yet');
  });

  it('logs the process-wide way configureLog sets, and gives back what it replaced', () => {
    const { sink, lines } = keeping();
    const previous = configureLog({ sink });
    expect(previous).toEqual({ verbose: false, sink: stderrSink });
    logAll(log);
    expect(lines.map(([level]) => level)).toEqual(['warn', 'error']);
    const replaced = configureLog({ verbose: true });
    expect(replaced).toEqual({ verbose: false, sink });
    log.debug('now seen');
    expect(lines.at(-1)).toEqual(['debug', 'munin-view: debug: now seen']);
  });

  it('writes to stderr on the command line, never stdout, which holds the export', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    createLogger(() => ({ verbose: true, sink: stderrSink })).debug('a file skipped');
    expect(stderr).toHaveBeenCalledWith('munin-view: debug: a file skipped\n');
    expect(stdout).not.toHaveBeenCalled();
  });

  it("writes to the console's method of each level in the desktop app", () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logAll(createLogger(() => ({ verbose: true, sink: consoleSink })));
    expect(debug).toHaveBeenCalledWith('munin-view: debug: a file skipped');
    expect(warn).toHaveBeenCalledWith('munin-view: warning: a run left out');
    expect(error).toHaveBeenCalledWith('munin-view: error: a store lost');
  });
});
