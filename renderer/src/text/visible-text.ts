// Texts from a store shown so that every character in them can be seen: a run id may hold
// control characters, which a page would otherwise show as nothing or as a blank.

/**
 * Characters that are invisible or that reorder the text around them: zero width space, the
 * directional marks, embeddings, overrides and isolates, word joiner and the byte order mark.
 * An id such as `run\u202Egpj.exe` would otherwise read as another. The zero width joiners of
 * emoji and of scripts such as Persian are left, as they join what is shown.
 */
const INVISIBLE_FORMAT = /[\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

/** Control characters and the formatting above, matched one at a time. */
const HIDDEN = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F]|${INVISIBLE_FORMAT.source}`, 'g');

function shown(char: string): string {
  const code = char.charCodeAt(0);
  // The C0 controls and DEL have symbols of their own: U+2400 to U+241F and U+2421.
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  const hex = code.toString(16).toUpperCase();
  return code <= 0xff ? `\\x${hex}` : `\\u${hex.padStart(4, '0')}`;
}

/**
 * text with each control character shown as its symbol (a tab as ␉, a line feed as ␊) and each
 * C1 control or invisible format character as an escape (\x85, \u202E). What is shown is for
 * reading only: requests, links and copies use the text itself, and a text that holds ␉ itself
 * reads as one that holds a tab.
 */
export function visibleText(text: string): string {
  return text.replace(HIDDEN, shown);
}
