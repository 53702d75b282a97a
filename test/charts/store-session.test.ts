// renderer/src/state/store-session: what the UI keeps for a store's session across pages: the selection and notes drafts.

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

  it('keeps a run’s notes draft until it is dropped or changes nothing', () => {
    const session = new StoreSession();
    let told = 0;
    session.subscribe(() => told++);
    expect(session.notesDraft('a')).toBeUndefined();
    session.setNotesDraft('a', { text: 'typed', base: 'old' });
    expect(session.notesDraft('a')).toEqual({ text: 'typed', base: 'old' });
    expect(session.notesDraft('b')).toBeUndefined();
    expect(told).toBe(1);
    // The same draft again is no change.
    session.setNotesDraft('a', { text: 'typed', base: 'old' });
    expect(told).toBe(1);
    // Typed back to what it was typed over: nothing is unsaved any more.
    session.setNotesDraft('a', { text: 'old', base: 'old' });
    expect(session.notesDraft('a')).toBeUndefined();
    expect(told).toBe(2);
    session.setNotesDraft('a', { text: 'again', base: 'old' });
    session.setNotesDraft('a', null);
    expect(session.notesDraft('a')).toBeUndefined();
    expect(told).toBe(4);
    session.setNotesDraft('a', null);
    expect(told).toBe(4);
  });
});
