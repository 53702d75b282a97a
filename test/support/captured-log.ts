// The host's log, captured for a test file: each test starts with no lines, and the log is put
// back as it was after it. Call it at the top of the file, before other hooks, so that their
// cleanups are still captured.

import { afterEach, beforeEach } from 'vitest';
import type { LogLevel } from '../../electron/log.js';
import { configureLog } from '../../electron/log.js';

export function captureLog(verbose: boolean): { readonly lines: [LogLevel, string][] } {
  let lines: [LogLevel, string][] = [];
  let restore: ReturnType<typeof configureLog>;
  beforeEach(() => {
    lines = [];
    restore = configureLog({ verbose, sink: (level, line) => lines.push([level, line]) });
  });
  afterEach(() => {
    configureLog(restore);
  });
  return {
    get lines() {
      return lines;
    },
  };
}
