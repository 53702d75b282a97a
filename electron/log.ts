// The host's one logger, for failures that would otherwise vanish: a run that cannot be read, a
// thread's read that failed, a watch that could not be set up. Lines go to stderr on the command
// line and in `serve`, to the main process's console in the desktop app; debug lines only with
// --verbose, warnings and errors always.

export type LogLevel = 'debug' | 'warn' | 'error';

/** Where the lines go: each with its level, without a line feed. */
export type LogSink = (level: LogLevel, line: string) => void;

export interface LogOptions {
  /** Debug lines are written too (--verbose); else only warnings and errors. */
  readonly verbose: boolean;
  readonly sink: LogSink;
}

export interface Logger {
  /** What is worth knowing when asking why: a skipped file, a probe that could not be made. */
  debug(message: string, error?: unknown): void;
  /** Something failed and the app went on without it: a run left out, a read redone. */
  warn(message: string, error?: unknown): void;
  /** Something failed that the app cannot make up for. */
  error(message: string, error?: unknown): void;
}

/** Standard error, written at once: `export` writes its JSON to stdout, which this keeps clean. */
export const stderrSink: LogSink = (_level, line) => {
  process.stderr.write(`${line}\n`);
};

/** The console, which Electron's main process writes to the terminal and its log. */
export const consoleSink: LogSink = (level, line) => {
  if (level === 'debug') console.debug(line);
  else if (level === 'warn') console.warn(line);
  else console.error(line);
};

const LABELS: Readonly<Record<LogLevel, string>> = {
  debug: 'debug',
  warn: 'warning',
  error: 'error',
};

function describe(error: unknown): string {
  // Node's file-system errors name their code, call and path in the message.
  return error instanceof Error ? error.message : String(error);
}

/** The line a message and the error behind it (when there is one) make. */
export function formatLine(level: LogLevel, message: string, error?: unknown): string {
  const cause = error === undefined ? '' : `: ${describe(error)}`;
  return `munin-view: ${LABELS[level]}: ${message}${cause}`;
}

/** A logger that asks `options` at each line, so a later configureLog() applies at once. */
export function createLogger(options: () => LogOptions): Logger {
  const write = (level: LogLevel, message: string, error?: unknown): void => {
    const { verbose, sink } = options();
    if (level === 'debug' && !verbose) return;
    sink(level, formatLine(level, message, error));
  };
  return {
    debug: (message, error) => write('debug', message, error),
    warn: (message, error) => write('warn', message, error),
    error: (message, error) => write('error', message, error),
  };
}

let current: LogOptions = { verbose: false, sink: stderrSink };

/**
 * Sets how the process logs (the CLI for --verbose, the desktop app for its console, a test for
 * a sink of its own) and returns the options it replaced, to put back.
 */
export function configureLog(options: Partial<LogOptions>): LogOptions {
  const previous = current;
  current = { ...current, ...options };
  return previous;
}

/**
 * The process's logger. A worker thread has its own, unconfigured: workers post their failures
 * to the thread that started them, which logs them.
 */
export const log: Logger = createLogger(() => current);
