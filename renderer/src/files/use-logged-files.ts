// The files runs logged, asked of the host again whenever a run's file count changes or a
// resume's cut or a reset may have changed them; a stale answer never replaces a newer one.

import { useEffect, useState } from 'react';
import type { LoggedFileInfo } from '../../../shared/api/contract.js';
import { unwrap } from '../api/call.js';
import { useServices, useStoreView } from '../state/app-context.js';
import { useAnswerOrder, useThrottledAsk } from '../state/throttled-ask.js';

export interface LoggedFiles {
  /** Per run, its files in log order; a run not yet answered is absent. */
  readonly files: ReadonlyMap<string, readonly LoggedFileInfo[]>;
  /** Per run, why its files could not be listed. */
  readonly errors: ReadonlyMap<string, string>;
}

/** Re-renders when any of these runs change, so their files epoch is read afresh. */
function useRunsTouched(runIds: readonly string[]): number {
  const { store } = useServices();
  const [version, setVersion] = useState(0);
  const idsKey = JSON.stringify(runIds);
  useEffect(() => {
    const offs = (JSON.parse(idsKey) as string[]).map((id) =>
      store.onRun(id, () => setVersion((v) => v + 1)),
    );
    return () => offs.forEach((off) => off());
  }, [store, idsKey]);
  return version;
}

export function useLoggedFiles(runIds: readonly string[]): LoggedFiles {
  const { bridge, store } = useServices();
  const view = useStoreView();
  useRunsTouched(runIds);
  const [state, setState] = useState<LoggedFiles>({ files: new Map(), errors: new Map() });
  // What each run's list depends on: its count of files and its epoch of cuts and resets.
  const marks = runIds.map((id) => [id, view.runs.get(id)?.fileCount ?? -1, store.filesEpoch(id)]);
  const marksKey = JSON.stringify(marks);
  const order = useAnswerOrder();
  // An answer in flight is kept when the marks change: only a newer answer replaces it.
  // A run logging files quickly is asked at most every 300 ms, and still while it logs.
  useThrottledAsk(
    () => {
      for (const id of runIds) {
        const ticket = order.ticket(id);
        const show = (
          apply: (next: {
            files: Map<string, readonly LoggedFileInfo[]>;
            errors: Map<string, string>;
          }) => void,
        ): void =>
          order.show(id, ticket, () =>
            setState((held) => {
              const next = { files: new Map(held.files), errors: new Map(held.errors) };
              apply(next);
              return next;
            }),
          );
        bridge.api
          .listFiles({ runId: id })
          .then((response) => {
            const files = unwrap(response);
            show((next) => (next.files.set(id, files), next.errors.delete(id)));
          })
          .catch((error: unknown) =>
            show((next) =>
              next.errors.set(id, error instanceof Error ? error.message : String(error)),
            ),
          );
      }
    },
    marksKey,
    300,
  );

  return state;
}
