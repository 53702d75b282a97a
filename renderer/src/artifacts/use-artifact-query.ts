// An artifact op's answer for a page, asked again whenever the store's artifacts change, so a
// version published or deleted, or an alias moved, shows at once.

import { useEffect, useState } from 'react';
import type { ApiResponse } from '../../../shared/api/contract.js';
import { unwrap } from '../api/call.js';
import { useStoreView } from '../state/app-context.js';

export type QueryState<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly result: T }
  | { readonly state: 'failed'; readonly message: string };

/** `ask` is called for each key; its last answer stays shown while the next one comes. */
export function useArtifactQuery<T>(
  key: string,
  ask: () => Promise<ApiResponse | { ok: true; result: T }>,
): QueryState<T> {
  const { artifactsVersion } = useStoreView();
  const [query, setQuery] = useState<{ key: string; value: QueryState<T> }>({
    key,
    value: { state: 'loading' },
  });
  useEffect(() => {
    let current = true;
    ask()
      .then((response) => {
        const result = unwrap<T>(response as ApiResponse);
        if (current) setQuery({ key, value: { state: 'ready', result } });
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (current) setQuery({ key, value: { state: 'failed', message } });
      });
    return () => {
      current = false;
    };
    // ask is made afresh each render; the key says what it asks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, artifactsVersion]);
  // Another artifact's answer is never shown for this one.
  return query.key === key ? query.value : { state: 'loading' };
}
