// The names of derived views: the key a view's panel and requests go by (`derived/<name>`), made
// from what a person types, and why a name cannot be one.

import { isKey } from '../../../shared/format/names.js';

/** The prefix of every derived view's key, so that a view never takes a logged key's name. */
export const DERIVED_PREFIX = 'derived/';

/**
 * The key a view named `name` is read by: `derived/` and the name, its spaces made `_` (a name
 * typed as "loss gap" reads as derived/loss_gap). A name typed with the prefix keeps it once.
 */
export function derivedKey(name: string): string {
  const trimmed = name.trim();
  const bare = trimmed.startsWith(DERIVED_PREFIX) ? trimmed.slice(DERIVED_PREFIX.length) : trimmed;
  return `${DERIVED_PREFIX}${bare.replace(/\s+/g, '_')}`;
}

/**
 * Why a typed name cannot name a view, or null when it can: empty, not a key once made one (a
 * segment starting with `.`, an empty segment, a control character), or the key of another view
 * than the one being edited.
 */
export function viewNameProblem(
  name: string,
  takenKeys: readonly string[],
  editing: string | null,
): string | null {
  if (name.trim() === '' || derivedKey(name) === DERIVED_PREFIX) return 'Give the view a name.';
  const key = derivedKey(name);
  if (!isKey(key))
    return `${key} is not a key: segments between / may not be empty, start with “.” or hold control characters.`;
  if (key !== editing && takenKeys.includes(key)) return `A view named ${key} exists already.`;
  return null;
}

/** Whether a key is a derived view's: its panel is marked so wherever it appears. */
export function isDerivedKey(key: string): boolean {
  return key.startsWith(DERIVED_PREFIX);
}
