// Asking the host again as a live run changes: at most once an interval (a throttle, not a
// debounce, so a run that keeps changing is still asked while it does), and each answer shown
// only when no newer one for the same thing was shown first and the page is still there.

import { useEffect, useMemo, useRef } from 'react';

/**
 * Calls `ask` whenever `key` changes, waiting until `intervalMs` have passed since the last
 * call. The ask of the latest render runs, with what it holds then.
 */
export function useThrottledAsk(ask: () => void, key: string, intervalMs: number): void {
  const last = useRef(0);
  const latest = useRef(ask);
  latest.current = ask;
  useEffect(() => {
    const timer = setTimeout(
      () => {
        last.current = Date.now();
        latest.current();
      },
      Math.max(0, last.current + intervalMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [key, intervalMs]);
}

export interface AnswerOrder {
  /** A ticket for a new question about `tag`, later than every one before. */
  ticket(tag: string): number;
  /** Applies an answer to the ticket's question, unless a newer one was shown or the page went. */
  show(tag: string, ticket: number, apply: () => void): void;
}

/** Keeps answers in the order they were asked, per tag (a run id, say). */
export function useAnswerOrder(): AnswerOrder {
  const asked = useRef(new Map<string, number>());
  const shown = useRef(new Map<string, number>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useMemo(
    () => ({
      ticket: (tag) => {
        const ticket = (asked.current.get(tag) ?? 0) + 1;
        asked.current.set(tag, ticket);
        return ticket;
      },
      show: (tag, ticket, apply) => {
        if (!mounted.current || ticket < (shown.current.get(tag) ?? 0)) return;
        shown.current.set(tag, ticket);
        apply();
      },
    }),
    [],
  );
}
