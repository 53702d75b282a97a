// Table choices (sort, grouping, columns, widths) kept in local storage so they outlive the page.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** What is kept under `munin-view:<name>`, checked; the fallback when nothing (sound) is. */
export function readChoice<T>(
  name: string,
  fallback: T,
  check: (value: unknown) => T | undefined,
): T {
  try {
    const text = localStorage.getItem(`munin-view:${name}`);
    if (text === null) return fallback;
    // Only undefined is "not a value": a null stored is a choice (the sweep's result "none").
    const value = check(JSON.parse(text));
    return value === undefined ? fallback : value;
  } catch {
    return fallback;
  }
}

/** Keeps a value under `munin-view:<name>`. */
export function writeChoice(name: string, value: unknown): void {
  try {
    localStorage.setItem(`munin-view:${name}`, JSON.stringify(value));
  } catch {
    // Storage may be off (private windows): the choice just does not outlive the page.
  }
}

/**
 * State read from and written to local storage under `munin-view:<name>`. check turns what is
 * stored into a value, or undefined when it is not one (a value stored by another version). A
 * name that changes (a choice kept per store, the store opened later) reads that name's value.
 */
export function usePersistedState<T>(
  name: string,
  fallback: T,
  check: (value: unknown) => T | undefined = (value) => value as T,
): [T, (update: T | ((current: T) => T)) => void] {
  const [state, setState] = useState<{ name: string; value: T }>(() => ({
    name,
    value: readChoice(name, fallback, check),
  }));
  // Under a name other than the state's (a store opened since), what is stored under it: read
  // once per name, not on every render, where a new object each time would undo every memo
  // downstream (the runs table re-filtered 10,000 runs on each render for a new views list).
  const value = useMemo(
    () => (state.name === name ? state.value : readChoice(name, fallback, check)),
    // The fallback and check are the caller's constants: the name alone picks what is stored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state, name],
  );
  // Written when it changes, not when the page mounts with what it just read: a page of eight
  // choices wrote all eight back on every open (5 ms of opening the runs table, profiled).
  const stored = useRef(state);
  useEffect(() => {
    if (state.name !== name || state === stored.current) return;
    stored.current = state;
    writeChoice(name, state.value);
  }, [name, state]);
  const setValue = useCallback(
    (update: T | ((current: T) => T)) =>
      setState((current) => {
        const base = current.name === name ? current.value : readChoice(name, fallback, check);
        const next = typeof update === 'function' ? (update as (current: T) => T)(base) : update;
        return { name, value: next };
      }),
    // The fallback and check are the caller's constants: the name alone picks what is stored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [name],
  );
  return [value, setValue];
}
