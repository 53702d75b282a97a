// renderer/src/keyboard/key-strokes: key presses as strokes on a Mac and elsewhere, what has focus
// as far as a shortcut cares, and strokes as keycaps.

import { describe, expect, it } from 'vitest';
import type { FocusedElement, KeyPress } from '../../renderer/src/keyboard/key-strokes.js';
import { focusKind, strokeCaps, strokeOf } from '../../renderer/src/keyboard/key-strokes.js';

function press(key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress {
  return { key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods };
}

function element(tagName: string, attributes: Record<string, string> = {}, editable = false) {
  const found: FocusedElement = {
    tagName,
    isContentEditable: editable,
    getAttribute: (name) => attributes[name] ?? null,
  };
  return found;
}

describe('strokeOf', () => {
  it('names characters as typed, Shift included in the character', () => {
    expect(strokeOf(press('j'), false)).toBe('j');
    expect(strokeOf(press('J', { shiftKey: true }), false)).toBe('J');
    expect(strokeOf(press('?', { shiftKey: true }), false)).toBe('?');
    expect(strokeOf(press('['), true)).toBe('[');
    expect(strokeOf(press(' '), false)).toBe('Space');
  });

  it('takes Ctrl for Mod elsewhere and ⌘ on a Mac, and the other one as no Mod', () => {
    expect(strokeOf(press('k', { ctrlKey: true }), false)).toBe('Mod+k');
    expect(strokeOf(press('k', { metaKey: true }), true)).toBe('Mod+k');
    expect(strokeOf(press('k', { metaKey: true }), false)).toBe('Meta+k');
    expect(strokeOf(press('k', { ctrlKey: true }), true)).toBe('Ctrl+k');
    expect(strokeOf(press('P', { ctrlKey: true, shiftKey: true }), false)).toBe('Mod+Shift+p');
  });

  it('takes a symbol typed with AltGr or ⌥ as the symbol, a letter with Alt as no letter', () => {
    expect(strokeOf(press('[', { ctrlKey: true, altKey: true }), false)).toBe('[');
    expect(strokeOf(press(']', { altKey: true }), true)).toBe(']');
    expect(strokeOf(press('/', { altKey: true, shiftKey: true }), false)).toBe('/');
    expect(strokeOf(press('j', { altKey: true }), false)).toBe('Alt+j');
    expect(strokeOf(press('k', { altKey: true, metaKey: true }), true)).toBe('Mod+Alt+k');
  });

  it('names Shift with named keys, and nothing for a modifier alone', () => {
    expect(strokeOf(press('ArrowDown'), false)).toBe('ArrowDown');
    expect(strokeOf(press('Enter', { shiftKey: true }), false)).toBe('Shift+Enter');
    expect(strokeOf(press('Shift', { shiftKey: true }), false)).toBeNull();
    expect(strokeOf(press('Control', { ctrlKey: true }), false)).toBeNull();
    expect(strokeOf(press('Meta', { metaKey: true }), true)).toBeNull();
  });
});

describe('focusKind', () => {
  it('calls fields one types or chooses in text', () => {
    expect(focusKind(element('INPUT'))).toBe('text');
    expect(focusKind(element('INPUT', { type: 'search' }))).toBe('text');
    expect(focusKind(element('INPUT', { type: 'number' }))).toBe('text');
    expect(focusKind(element('TEXTAREA'))).toBe('text');
    expect(focusKind(element('SELECT'))).toBe('text');
    expect(focusKind(element('DIV', {}, true))).toBe('text');
  });

  it('calls buttons, links, checkboxes and tabs controls', () => {
    expect(focusKind(element('BUTTON'))).toBe('control');
    expect(focusKind(element('INPUT', { type: 'checkbox' }))).toBe('control');
    expect(focusKind(element('INPUT', { type: 'Radio' }))).toBe('control');
    expect(focusKind(element('A', { href: '#/' }))).toBe('control');
    expect(focusKind(element('DIV', { role: 'tab' }))).toBe('control');
  });

  it('calls the rest, and no focus, none', () => {
    expect(focusKind(null)).toBe('none');
    expect(focusKind(element('BODY'))).toBe('none');
    expect(focusKind(element('A'))).toBe('none');
    expect(focusKind(element('DIV', { role: 'dialog' }))).toBe('none');
  });
});

describe('strokeCaps', () => {
  it('shows Mod as the platform names it', () => {
    expect(strokeCaps('Mod+k', false)).toEqual(['Ctrl', 'K']);
    expect(strokeCaps('Mod+k', true)).toEqual(['⌘', 'K']);
    expect(strokeCaps('Mod+Shift+p', false)).toEqual(['Ctrl', 'Shift', 'P']);
    expect(strokeCaps('Mod+Shift+p', true)).toEqual(['⌘', '⇧', 'P']);
  });

  it('keeps a lone character’s case and names arrows and Escape', () => {
    expect(strokeCaps('j', false)).toEqual(['j']);
    expect(strokeCaps('?', false)).toEqual(['?']);
    expect(strokeCaps('+', false)).toEqual(['+']);
    expect(strokeCaps('ArrowDown', false)).toEqual(['↓']);
    expect(strokeCaps('Escape', true)).toEqual(['Esc']);
    expect(strokeCaps('Space', false)).toEqual(['Space']);
  });
});
