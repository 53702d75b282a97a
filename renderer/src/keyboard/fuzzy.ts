// Fuzzy matching for the command palette: the query's characters in order anywhere in the text,
// scored as VS Code's quick open scores them (word starts and runs of adjacent characters count most).

/** A text the query matched: how well, and where (indexes into the text, for highlighting). */
export interface FuzzyMatch {
  readonly score: number;
  readonly positions: readonly number[];
}

// VS Code's fuzzyScore weights: a character 1, its case as typed 1, the text's first character
// 8, a word's first character 5 (after a separator) or 2 (a capital inside a word), and 5 for
// following the previous match directly.
const CHARACTER = 1;
const SAME_CASE = 1;
const TEXT_START = 8;
const AFTER_SEPARATOR = 5;
const CAMEL_HUMP = 2;
const ADJACENT = 5;

/** Texts longer than this are matched on their start: a palette row shows no more of them. */
const LONGEST_TEXT = 256;

const SEPARATORS = new Set([' ', '-', '_', '/', '\\', '.', ':', ',', '=', '(', '[', '@', '#']);

function startBonus(text: string, at: number): number {
  if (at === 0) return TEXT_START;
  const before = text[at - 1]!;
  if (SEPARATORS.has(before)) return AFTER_SEPARATOR;
  const here = text[at]!;
  const isUpper = here !== here.toLowerCase() && here === here.toUpperCase();
  const beforeLower = before !== before.toUpperCase() && before === before.toLowerCase();
  return isUpper && beforeLower ? CAMEL_HUMP : 0;
}

/** True when every character of query appears in text in order, case aside: cheap, before scoring. */
function isSubsequence(query: string, text: string): boolean {
  let at = 0;
  for (const char of query) {
    at = text.indexOf(char, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/**
 * How well `query` matches `text`, or null when its characters are not all in the text in order
 * (case aside; spaces in the query are ignored). Of all the ways the characters could match, the
 * best scoring is taken, so that "rn18lr03s2" lands on the "03" of "lr0.03", not its first "0".
 */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  const wanted = query.replace(/\s+/g, '');
  if (wanted.length === 0) return { score: 0, positions: [] };
  const cut = text.length > LONGEST_TEXT ? text.slice(0, LONGEST_TEXT) : text;
  const lowerQuery = wanted.toLowerCase();
  const lowerText = cut.toLowerCase();
  if (lowerQuery.length > lowerText.length || !isSubsequence(lowerQuery, lowerText)) return null;

  const m = lowerQuery.length;
  const n = lowerText.length;
  // best[i * n + j]: the best score of query[0..i] with query[i] matched at text[j]; from[] the
  // text index query[i - 1] was matched at on that best way.
  const best = new Float64Array(m * n).fill(-Infinity);
  const from = new Int32Array(m * n).fill(-1);
  for (let i = 0; i < m; i++) {
    // The best of the previous row up to j - 2 (a gap before j), and where it was.
    let gapBest = -Infinity;
    let gapAt = -1;
    for (let j = i; j < n; j++) {
      if (i > 0 && j >= 2) {
        const candidate = best[(i - 1) * n + j - 2]!;
        if (candidate > gapBest) {
          gapBest = candidate;
          gapAt = j - 2;
        }
      }
      if (lowerText[j] !== lowerQuery[i]) continue;
      let here = CHARACTER + startBonus(cut, j) + (cut[j] === wanted[i] ? SAME_CASE : 0);
      if (i > 0) {
        const adjacent = j >= 1 ? best[(i - 1) * n + j - 1]! + ADJACENT : -Infinity;
        if (adjacent === -Infinity && gapBest === -Infinity) continue;
        if (adjacent >= gapBest) {
          here += adjacent;
          from[i * n + j] = j - 1;
        } else {
          here += gapBest;
          from[i * n + j] = gapAt;
        }
      }
      best[i * n + j] = here;
    }
  }

  let end = -1;
  let score = -Infinity;
  for (let j = m - 1; j < n; j++) {
    const value = best[(m - 1) * n + j]!;
    if (value > score) {
      score = value;
      end = j;
    }
  }
  if (end < 0) return null;
  const positions = new Array<number>(m);
  for (let i = m - 1, j = end; i >= 0; i--) {
    positions[i] = j;
    j = from[i * n + j]!;
  }
  return { score, positions };
}
