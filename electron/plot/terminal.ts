// What the output can carry: its size, whether it takes colour, and whether its encoding holds
// braille and box drawing (a UTF-8 locale) or only ASCII.

export interface TerminalInfo {
  readonly width: number;
  readonly height: number;
  readonly colour: boolean;
  readonly unicode: boolean;
  /** Stdout is a terminal: redraws in place are possible. */
  readonly tty: boolean;
}

export interface TerminalInputs {
  readonly env: NodeJS.ProcessEnv;
  readonly isTTY: boolean;
  readonly columns: number | undefined;
  readonly rows: number | undefined;
}

function envSize(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** True when the locale's encoding (LC_ALL, then LC_CTYPE, then LANG) is UTF-8. */
export function utf8Locale(env: NodeJS.ProcessEnv): boolean {
  // The first one set decides, as setlocale does: LC_ALL=C wins over a UTF-8 LANG.
  const locale = [env.LC_ALL, env.LC_CTYPE, env.LANG].find((v) => v !== undefined && v !== '');
  return locale !== undefined && /utf-?8/i.test(locale);
}

export function terminalInfo(
  inputs: TerminalInputs,
  overrides: { width: number | null; height: number | null; ascii: boolean },
): TerminalInfo {
  const { env, isTTY } = inputs;
  const width =
    overrides.width ??
    envSize(env.COLUMNS) ??
    (isTTY && inputs.columns !== undefined && inputs.columns > 0 ? inputs.columns : 80);
  const height =
    overrides.height ??
    envSize(env.LINES) ??
    (isTTY && inputs.rows !== undefined && inputs.rows > 0 ? inputs.rows : 24);
  // NO_COLOR set, even empty, turns colour off (no-color.org asks only that it be present).
  const colour = isTTY && env.NO_COLOR === undefined && env.TERM !== 'dumb';
  return {
    width: Math.max(20, width),
    height: Math.max(5, height),
    colour,
    unicode: !overrides.ascii && utf8Locale(env),
    tty: isTTY,
  };
}

/**
 * Text for an output that carries only ASCII: the separators and minus signs the Unicode text
 * uses, in ASCII; anything else (a key's own letters) as '?', so no byte is 0x80 or above.
 */
export function asciiOnly(text: string): string {
  return text
    .replace(/ · /g, ' - ')
    .replace(/[−–—]/g, '-')
    .replace(/[^ -~]/gu, (c) => (c.charCodeAt(0) < 0x80 ? c : '?'));
}

/** The SGR colours curves are drawn in, one per series in order. */
export const PALETTE = [36, 33, 35, 32, 34, 31] as const;

export function paint(text: string, sgr: string, colour: boolean): string {
  return colour && text !== '' ? `\x1b[${sgr}m${text}\x1b[0m` : text;
}
