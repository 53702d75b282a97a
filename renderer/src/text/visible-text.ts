// Texts from a store shown so that every character in them can be seen: a run id may hold
// control characters, which a page would otherwise show as nothing or as a blank.

/**
 * The characters shown as escapes: the C0 and C1 controls and DEL, and those that are invisible
 * or reorder the text around them (zero width space, the directional marks, embeddings,
 * overrides and isolates, word joiner, byte order mark), so that an id such as
 * `run\u202Egpj.exe` cannot read as another. The zero width joiners of emoji and of scripts such
 * as Persian are left, as they join what is shown.
 */
const HIDDEN_RUNS = /[\p{Cc}\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]+/gu;

const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * A hidden character as an escape, as Python's repr writes it: `\t`, `\n`, `\r`, `\x07`,
 * `\u202e`. Escapes are drawn by every font; the U+2400 symbols are missing from many.
 */
function escaped(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** A stretch of a text as shown: as it is, or hidden characters written as escapes. */
export interface VisiblePart {
  readonly text: string;
  readonly escaped: boolean;
}

/** text in stretches as shown, so that a page can set its escapes apart from the text. */
export function visibleParts(text: string): VisiblePart[] {
  const parts: VisiblePart[] = [];
  let from = 0;
  for (const match of text.matchAll(HIDDEN_RUNS)) {
    if (match.index > from) parts.push({ text: text.slice(from, match.index), escaped: false });
    parts.push({ text: [...match[0]].map(escaped).join(''), escaped: true });
    from = match.index + match[0].length;
  }
  if (from < text.length || parts.length === 0)
    parts.push({ text: text.slice(from), escaped: false });
  return parts;
}

/**
 * text with each hidden character written as its escape (a tab as `\t`, a bell as `\x07`), for
 * where only plain text goes: tooltips, legends, labels. It is for reading only: requests, links
 * and copies use the text itself.
 */
export function visibleText(text: string): string {
  return text.replace(HIDDEN_RUNS, (run) => [...run].map(escaped).join(''));
}
