// The arguments of `munin-view plot PATH RUN [options]`, parsed and checked; a bad one is a
// PlotArgsError (exit 2) saying which and why.

export type PlotX = 'step' | 'time' | 'relative' | 'step_metric';

export interface PlotArgs {
  readonly path: string;
  readonly run: string;
  /** Key patterns as given: a key, a prefix ending in '/', or a /regex/. */
  readonly keys: readonly string[];
  readonly overlay: boolean;
  readonly x: PlotX;
  /** The debiased EMA's weight, 0 (none) to below 1. */
  readonly smooth: number;
  readonly logY: boolean;
  /** The window on the x axis, in its units (for time: seconds since the epoch). */
  readonly from: number | null;
  readonly to: number | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly follow: boolean;
  readonly ascii: boolean;
}

export class PlotArgsError extends Error {}

const X_AXES: readonly PlotX[] = ['step', 'time', 'relative', 'step_metric'];

/** A number for --from/--to: plain, or for a time axis an ISO date too. */
function windowValue(option: string, text: string, x: PlotX): number {
  const value = Number(text);
  if (text.trim() !== '' && Number.isFinite(value)) return value;
  if (x === 'time') {
    const ms = Date.parse(text);
    if (Number.isFinite(ms)) return ms / 1000;
  }
  throw new PlotArgsError(`${option} takes a number on the x axis, not ${JSON.stringify(text)}`);
}

function positiveInteger(option: string, text: string, least: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < least)
    throw new PlotArgsError(`${option} takes a whole number of at least ${least}, not ${text}`);
  return value;
}

/** Parses the arguments after `plot`; throws a PlotArgsError for anything it cannot take. */
export function parsePlotArgs(args: readonly string[]): PlotArgs {
  const positional: string[] = [];
  const keys: string[] = [];
  let overlay = false;
  let x: PlotX = 'step';
  let smooth = 0;
  let logY = false;
  let fromText: string | null = null;
  let toText: string | null = null;
  let width: number | null = null;
  let height: number | null = null;
  let follow = false;
  let ascii = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    // --opt=value reads as --opt value.
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const takeValue = (): string => {
      if (eq > 0) return arg.slice(eq + 1);
      const value = args[++i];
      if (value === undefined) throw new PlotArgsError(`${name} takes a value`);
      return value;
    };
    switch (name) {
      case '--key':
        keys.push(takeValue());
        break;
      case '--overlay':
        overlay = true;
        break;
      case '--x': {
        const value = takeValue();
        if (!(X_AXES as readonly string[]).includes(value))
          throw new PlotArgsError(`--x takes step, time, relative or step_metric, not ${value}`);
        x = value as PlotX;
        break;
      }
      case '--smooth': {
        const text = takeValue();
        smooth = Number(text);
        if (!(smooth >= 0 && smooth < 1))
          throw new PlotArgsError(`--smooth takes a weight from 0 to below 1, not ${text}`);
        break;
      }
      case '--log-y':
        logY = true;
        break;
      case '--from':
        fromText = takeValue();
        break;
      case '--to':
        toText = takeValue();
        break;
      case '--width':
        width = positiveInteger('--width', takeValue(), 20);
        break;
      case '--height':
        height = positiveInteger('--height', takeValue(), 5);
        break;
      case '--follow':
        follow = true;
        break;
      case '--ascii':
        ascii = true;
        break;
      default:
        if (arg.startsWith('-') && arg !== '-') throw new PlotArgsError(`unknown option ${arg}`);
        positional.push(arg);
    }
  }
  if (positional.length !== 2)
    throw new PlotArgsError(
      positional.length < 2 ? 'plot takes a PATH and a RUN' : `plot takes one PATH and one RUN`,
    );
  for (const key of keys) keyMatcher(key);
  const from = fromText === null ? null : windowValue('--from', fromText, x);
  const to = toText === null ? null : windowValue('--to', toText, x);
  if (from !== null && to !== null && !(from < to))
    throw new PlotArgsError(`--from must be below --to (${fromText} is not below ${toText})`);
  return {
    path: positional[0]!,
    run: positional[1]!,
    keys,
    overlay,
    x,
    smooth,
    logY,
    from,
    to,
    width,
    height,
    follow,
    ascii,
  };
}

/** A --key pattern as a test on keys: exact, a prefix ending in '/', or a /regex/. */
export function keyMatcher(pattern: string): (key: string) => boolean {
  if (pattern.length >= 2 && pattern.startsWith('/') && pattern.endsWith('/')) {
    let regex: RegExp;
    try {
      regex = new RegExp(pattern.slice(1, -1));
    } catch (error) {
      throw new PlotArgsError(`--key ${pattern} is not a regular expression: ${String(error)}`);
    }
    return (key) => regex.test(key);
  }
  if (pattern.endsWith('/')) return (key) => key.startsWith(pattern);
  return (key) => key === pattern;
}
