// The arguments of `munin-view report PATH ... --runs RUN[,RUN...] [options]`, parsed and
// checked; a bad one is a ReportArgsError (exit 2) saying which and why.

import { keyMatcher, PlotArgsError } from '../plot/plot-args.js';
import type { ReportAxis } from '../../shared/api/report-ask.js';

export interface ReportArgs {
  readonly paths: readonly string[];
  readonly runs: readonly string[];
  /** Key patterns as plot --key takes them; none: every key the runs share. */
  readonly keys: readonly string[];
  readonly title: string | null;
  readonly notePath: string | null;
  readonly output: string | null;
  readonly axis: ReportAxis;
  readonly smoothing: number;
  readonly logY: boolean;
}

export class ReportArgsError extends Error {}

export const REPORT_USAGE = `munin-view report PATH ... --runs RUN[,RUN...] [--keys K ...] [--title T]
                  [--note FILE.md] [-o FILE.html] [--x step|time|relative|step_metric]
                  [--smooth W] [--log-y]`;

const AXES: Readonly<Record<string, ReportAxis>> = {
  step: 'step',
  time: 'wall',
  relative: 'relative',
  step_metric: 'step_metric',
};

/** Parses the arguments after `report`; throws a ReportArgsError for what it cannot take. */
export function parseReportArgs(args: readonly string[]): ReportArgs {
  const paths: string[] = [];
  const runs: string[] = [];
  const keys: string[] = [];
  let title: string | null = null;
  let notePath: string | null = null;
  let output: string | null = null;
  let axis: ReportAxis = 'declared';
  let smoothing = 0;
  let logY = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const takeValue = (): string => {
      if (eq > 0) return arg.slice(eq + 1);
      const value = args[++i];
      if (value === undefined) throw new ReportArgsError(`${name} takes a value`);
      return value;
    };
    switch (name) {
      case '--runs':
      case '--run':
        runs.push(
          ...takeValue()
            .split(',')
            .filter((run) => run !== ''),
        );
        break;
      case '--keys':
      case '--key':
        keys.push(takeValue());
        // --keys K1 K2 ...: the values up to the next option (a path comes before --runs).
        while (
          name === '--keys' &&
          eq < 0 &&
          args[i + 1] !== undefined &&
          !args[i + 1]!.startsWith('-')
        )
          keys.push(args[++i]!);
        break;
      case '--title':
        title = takeValue();
        break;
      case '--note':
        notePath = takeValue();
        break;
      case '-o':
      case '--output':
        output = takeValue();
        break;
      case '--x': {
        const value = takeValue();
        const chosen = AXES[value];
        if (chosen === undefined)
          throw new ReportArgsError(`--x takes step, time, relative or step_metric, not ${value}`);
        axis = chosen;
        break;
      }
      case '--smooth': {
        const text = takeValue();
        smoothing = Number(text);
        if (!(smoothing >= 0 && smoothing < 1))
          throw new ReportArgsError(`--smooth takes a weight from 0 to below 1, not ${text}`);
        break;
      }
      case '--log-y':
        logY = true;
        break;
      default:
        if (arg.startsWith('-') && arg !== '-') throw new ReportArgsError(`unknown option ${arg}`);
        paths.push(arg);
    }
  }
  if (paths.length === 0) throw new ReportArgsError('report takes a PATH (a store or a stream)');
  if (runs.length === 0) throw new ReportArgsError('report takes --runs RUN[,RUN...]');
  for (const key of keys) {
    try {
      keyMatcher(key);
    } catch (error) {
      if (error instanceof PlotArgsError) throw new ReportArgsError(error.message);
      throw error;
    }
  }
  return { paths, runs, keys, title, notePath, output, axis, smoothing, logY };
}
