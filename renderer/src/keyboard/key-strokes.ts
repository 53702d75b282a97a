// Key presses as strokes ("j", "?", "Mod+k", "ArrowDown", "Space"), what has focus as far as a
// shortcut cares (a field one types in, a control with its own Enter and Space, or neither), and
// strokes as the shortcut sheet and the palette show them.

/** What a keydown event tells of a key: the DOM's KeyboardEvent fits. */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

const MODIFIER_KEYS = new Set(['Control', 'Shift', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Fn']);

/**
 * The stroke a key press makes, or null for a modifier pressed alone. "Mod" is the platform's
 * command key (⌘ on a Mac, Ctrl elsewhere), as VS Code's keybindings name it. A character
 * already says whether Shift made it ("?", "J"), so Shift is named only with Mod or a named key;
 * so too Alt for a symbol, which many layouts type with AltGr or ⌥ (a German "[" is AltGr+8,
 * which Windows reports as Ctrl+Alt).
 */
export function strokeOf(press: KeyPress, mac: boolean): string | null {
  if (MODIFIER_KEYS.has(press.key)) return null;
  const name = press.key === ' ' ? 'Space' : press.key;
  const character = name.length === 1;
  const altGraph = !mac && character && press.ctrlKey && press.altKey;
  const mod = !altGraph && (mac ? press.metaKey : press.ctrlKey);
  // Ctrl on a Mac and the Windows key elsewhere are no Mod: such strokes match no shortcut.
  const other = !altGraph && (mac ? press.ctrlKey : press.metaKey);
  const alt = press.altKey && !altGraph && (!character || mod || /^[a-z0-9]$/i.test(name));
  const parts: string[] = [];
  if (other) parts.push(mac ? 'Ctrl' : 'Meta');
  if (mod) parts.push('Mod');
  if (alt) parts.push('Alt');
  if (press.shiftKey && (!character || mod)) parts.push('Shift');
  parts.push(character && (mod || alt) ? name.toLowerCase() : name);
  return parts.join('+');
}

/** An element as far as focus goes: the DOM's HTMLElement fits. */
export interface FocusedElement {
  readonly tagName: string;
  readonly isContentEditable?: boolean;
  getAttribute(name: string): string | null;
}

/**
 * What has focus: `text` where keys type or choose (text inputs, textareas, selects, editable
 * text), `control` where Enter and Space act on the element itself (buttons, links, checkboxes,
 * tabs), else `none`.
 */
export type FocusKind = 'text' | 'control' | 'none';

/** Inputs that take no typing: GitHub's hotkeys let shortcuts through these too. */
const CONTROL_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

const CONTROL_ROLES = new Set([
  'button',
  'checkbox',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'option',
  'radio',
  'switch',
  'tab',
]);

export function focusKind(element: FocusedElement | null): FocusKind {
  if (element === null) return 'none';
  const tag = element.tagName.toUpperCase();
  if (element.isContentEditable === true || tag === 'TEXTAREA' || tag === 'SELECT') return 'text';
  if (tag === 'INPUT') {
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    return CONTROL_INPUTS.has(type) ? 'control' : 'text';
  }
  if (tag === 'BUTTON' || tag === 'SUMMARY') return 'control';
  if (tag === 'A' && element.getAttribute('href') !== null) return 'control';
  const role = element.getAttribute('role');
  return role !== null && CONTROL_ROLES.has(role) ? 'control' : 'none';
}

/** Strokes a focused control answers itself: a shortcut on them would act twice. */
export function activatesControl(stroke: string): boolean {
  return stroke === 'Enter' || stroke === 'Space';
}

const NAMED: Readonly<Record<string, string>> = {
  ArrowDown: '↓',
  ArrowUp: '↑',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  Enter: 'Enter',
  Space: 'Space',
};

/**
 * The keycaps of a stroke as a platform shows them: "Mod+Shift+p" is ⌘ ⇧ P on a Mac, Ctrl Shift P
 * elsewhere. A lone character keeps its case, which tells whether Shift is held.
 */
export function strokeCaps(stroke: string, mac: boolean): string[] {
  const parts = stroke.length === 1 ? [stroke] : stroke.split('+');
  const key = parts.pop()!;
  const caps = parts.map((part) => {
    if (part === 'Mod') return mac ? '⌘' : 'Ctrl';
    if (part === 'Shift') return mac ? '⇧' : 'Shift';
    if (part === 'Alt') return mac ? '⌥' : 'Alt';
    return part;
  });
  const shown = NAMED[key] ?? (parts.length > 0 ? key.toUpperCase() : key);
  return [...caps, shown];
}
