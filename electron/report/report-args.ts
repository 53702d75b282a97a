// The arguments of `munin-view report PATH ... --runs RUN[,RUN...] [options]`, parsed and
// checked; a bad one is an ArgsError (exit 2) saying which and why.

import type { CliX } from '../cli-options.js';
import { ArgsError, OptionCursor, smoothingOption, xAxisOption } from '../cli-options.js';
import { keyMatcher } from '../plot/plot-args.js';
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

export const REPORT_USAGE = `munin-view report PATH ... --runs RUN[,RUN...] [--keys K ...] [--title T]
                  [--note FILE.md] [-o FILE.html] [--x step|time|relative|step_metric]
                  [--smooth W] [--log-y]`;

const AXES: Readonly<Record<CliX, ReportAxis>> = {
  step: 'step',
  time: 'wall',
  relative: 'relative',
  step_metric: 'step_metric',
};

/** Parses the arguments after `report`; throws an ArgsError for what it cannot take. */
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
  const options = new OptionCursor(args);
  for (let name = options.next(); name !== null; name = options.next()) {
    switch (name) {
      case '--runs':
      case '--run':
        runs.push(
          ...options
            .value()
            .split(',')
            .filter((run) => run !== ''),
        );
        break;
      case '--keys':
        // --keys K1 K2 ...: the values up to the next option (a path comes before --runs).
        keys.push(options.value(), ...options.more());
        break;
      case '--key':
        keys.push(options.value());
        break;
      case '--title':
        title = options.value();
        break;
      case '--note':
        notePath = options.value();
        break;
      case '-o':
      case '--output':
        output = options.value();
        break;
      case '--x':
        axis = AXES[xAxisOption(options.value())];
        break;
      case '--smooth':
        smoothing = smoothingOption(options.value());
        break;
      case '--log-y':
        logY = true;
        break;
      default:
        paths.push(options.plain());
    }
  }
  if (paths.length === 0) throw new ArgsError('report takes a PATH (a store or a stream)');
  if (runs.length === 0) throw new ArgsError('report takes --runs RUN[,RUN...]');
  for (const key of keys) keyMatcher(key);
  return { paths, runs, keys, title, notePath, output, axis, smoothing, logY };
}
