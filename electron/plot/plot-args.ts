// The arguments of `munin-view plot PATH RUN [options]`, parsed and checked; a bad one is a
// ArgsError (exit 2) saying which and why.

import type { CliX } from '../cli-options.js';
import { ArgsError, OptionCursor, smoothingOption, xAxisOption } from '../cli-options.js';

export type PlotX = CliX;

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

/** A number for --from/--to: plain, or for a time axis an ISO date too. */
function windowValue(option: string, text: string, x: PlotX): number {
  const value = Number(text);
  if (text.trim() !== '' && Number.isFinite(value)) return value;
  if (x === 'time') {
    const ms = Date.parse(text);
    if (Number.isFinite(ms)) return ms / 1000;
  }
  throw new ArgsError(`${option} takes a number on the x axis, not ${JSON.stringify(text)}`);
}

function positiveInteger(option: string, text: string, least: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < least)
    throw new ArgsError(`${option} takes a whole number of at least ${least}, not ${text}`);
  return value;
}

/** Parses the arguments after `plot`; throws an ArgsError for anything it cannot take. */
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
  const options = new OptionCursor(args);
  for (let name = options.next(); name !== null; name = options.next()) {
    switch (name) {
      case '--key':
        keys.push(options.value());
        break;
      case '--overlay':
        overlay = true;
        break;
      case '--x':
        x = xAxisOption(options.value());
        break;
      case '--smooth':
        smooth = smoothingOption(options.value());
        break;
      case '--log-y':
        logY = true;
        break;
      case '--from':
        fromText = options.value();
        break;
      case '--to':
        toText = options.value();
        break;
      case '--width':
        width = positiveInteger('--width', options.value(), 20);
        break;
      case '--height':
        height = positiveInteger('--height', options.value(), 5);
        break;
      case '--follow':
        follow = true;
        break;
      case '--ascii':
        ascii = true;
        break;
      default:
        positional.push(options.plain());
    }
  }
  if (positional.length !== 2)
    throw new ArgsError(
      positional.length < 2 ? 'plot takes a PATH and a RUN' : `plot takes one PATH and one RUN`,
    );
  for (const key of keys) keyMatcher(key);
  const from = fromText === null ? null : windowValue('--from', fromText, x);
  const to = toText === null ? null : windowValue('--to', toText, x);
  if (from !== null && to !== null && !(from < to))
    throw new ArgsError(`--from must be below --to (${fromText} is not below ${toText})`);
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
      throw new ArgsError(`--key ${pattern} is not a regular expression: ${String(error)}`);
    }
    return (key) => regex.test(key);
  }
  if (pattern.endsWith('/')) return (key) => key.startsWith(pattern);
  return (key) => key === pattern;
}
