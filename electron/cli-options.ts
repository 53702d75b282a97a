// Reading a command's arguments one at a time, as plot and report take them: `--opt value` and
// `--opt=value` alike, a value missing said so, and the checks of the options they share.

/** An argument the command cannot take: the message says which and why (exit 2). */
export class ArgsError extends Error {}

export class OptionCursor {
  private at = -1;
  private eq = -1;

  constructor(private readonly args: readonly string[]) {}

  /** Moves to the next argument: its name (an option's, without any =value), or null past the end. */
  next(): string | null {
    this.at++;
    const arg = this.args[this.at];
    if (arg === undefined) return null;
    this.eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    return this.eq > 0 ? arg.slice(0, this.eq) : arg;
  }

  /** The argument as given. */
  get current(): string {
    return this.args[this.at]!;
  }

  /** The option's value: after its `=`, else the next argument. */
  value(): string {
    const arg = this.args[this.at]!;
    if (this.eq > 0) return arg.slice(this.eq + 1);
    const value = this.args[++this.at];
    if (value === undefined) throw new ArgsError(`${arg} takes a value`);
    return value;
  }

  /** The arguments after the value up to the next option (`--keys K1 K2 …`); none after an =. */
  more(): string[] {
    const out: string[] = [];
    if (this.eq > 0) return out;
    for (let next = this.args[this.at + 1]; next !== undefined && !next.startsWith('-');) {
      out.push(next);
      this.at++;
      next = this.args[this.at + 1];
    }
    return out;
  }

  /** An argument that is no option of the command's is refused; a plain one is returned. */
  plain(): string {
    const arg = this.current;
    if (arg.startsWith('-') && arg !== '-') throw new ArgsError(`unknown option ${arg}`);
    return arg;
  }
}

/** The x axes the command line names, as `--x` takes them. */
export const X_AXES = ['step', 'time', 'relative', 'step_metric'] as const;
export type CliX = (typeof X_AXES)[number];

export function xAxisOption(value: string): CliX {
  if (!(X_AXES as readonly string[]).includes(value))
    throw new ArgsError(`--x takes step, time, relative or step_metric, not ${value}`);
  return value as CliX;
}

/** A smoothing weight, from 0 to below 1. */
export function smoothingOption(text: string): number {
  const weight = Number(text);
  if (!(weight >= 0 && weight < 1))
    throw new ArgsError(`--smooth takes a weight from 0 to below 1, not ${text}`);
  return weight;
}
