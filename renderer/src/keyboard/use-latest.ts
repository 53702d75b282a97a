// A ref that always holds the latest render's value: for handlers a key press calls later, which
// must see the state of the page as it is then, without being lent again on every render.

import { useLayoutEffect, useRef } from 'react';

export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
