// Table choices (sort, grouping, columns, widths) kept in local storage so they outlive the page.

import { useEffect, useState } from 'react';

function load<T>(name: string, fallback: T, check: (value: unknown) => T | undefined): T {
  try {
    const text = localStorage.getItem(`munin-view:${name}`);
    if (text === null) return fallback;
    return check(JSON.parse(text)) ?? fallback;
  } catch {
    return fallback;
  }
}

function save(name: string, value: unknown): void {
  try {
    localStorage.setItem(`munin-view:${name}`, JSON.stringify(value));
  } catch {
    // Storage may be off (private windows): the choice just does not outlive the page.
  }
}

/**
 * State read from and written to local storage under `munin-view:<name>`. check turns what is
 * stored into a value, or undefined when it is not one (a value stored by another version).
 */
export function usePersistedState<T>(
  name: string,
  fallback: T,
  check: (value: unknown) => T | undefined = (value) => value as T,
): [T, (update: T | ((current: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => load(name, fallback, check));
  useEffect(() => save(name, value), [name, value]);
  return [value, setValue];
}
