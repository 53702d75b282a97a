// renderer/src/state/store-session: what the UI keeps for a store's session across pages: the selection.

import { describe, expect, it } from 'vitest';
import { StoreSession } from '../../renderer/src/state/store-session.js';

describe('StoreSession', () => {
  it('keeps the selection and tells its listeners of each change', () => {
    const session = new StoreSession();
    let told = 0;
    const stop = session.subscribe(() => told++);
    expect(session.getSelection().size).toBe(0);
    const chosen = new Set(['a', 'b']);
    session.setSelection(chosen);
    expect(session.getSelection()).toBe(chosen);
    // The same set again is no change: no render is asked for.
    session.setSelection(chosen);
    expect(told).toBe(1);
    stop();
    session.setSelection(new Set());
    expect(told).toBe(1);
    expect(session.getSelection().size).toBe(0);
  });
});
