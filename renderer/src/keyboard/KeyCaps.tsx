// Shortcuts' keys drawn as keycaps, read from the shortcut table: a binding (g then r), all of a
// shortcut's bindings (j or ↓), and the short hints of a status bar or the palette's footer.

import { Fragment } from 'react';
import type { ShortcutId } from './shortcuts.js';
import { shortcutById } from './shortcuts.js';
import { strokeCaps } from './key-strokes.js';
import { MAC } from './platform.js';

/** One binding: its strokes in turn, each as its keycaps. */
export function BindingCaps({ strokes }: { strokes: readonly string[] }) {
  return (
    <span className="keycaps" data-strokes={strokes.join(' ')}>
      {strokes.map((stroke, index) => (
        <span className="keycaps-stroke" key={index}>
          {strokeCaps(stroke, MAC).map((cap, at) => (
            <kbd key={at}>{cap}</kbd>
          ))}
        </span>
      ))}
    </span>
  );
}

/** Every binding of a shortcut, "or" between them. */
export function ShortcutCaps({ id }: { id: ShortcutId }) {
  const { bindings } = shortcutById(id);
  return (
    <span className="shortcut-caps">
      {bindings.map((binding, index) => (
        <Fragment key={index}>
          {index > 0 ? <span className="keycaps-or">or</span> : null}
          <BindingCaps strokes={binding.strokes} />
        </Fragment>
      ))}
    </span>
  );
}

/** Hints such as "/ filter · j k move": each shortcut's first binding, then a word. */
export function KeyHints({
  hints,
}: {
  hints: readonly (readonly [readonly ShortcutId[], string])[];
}) {
  return (
    <span className="key-hints">
      {hints.map(([ids, word]) => (
        <span className="key-hint" key={word}>
          {ids.map((id) => (
            <BindingCaps key={id} strokes={shortcutById(id).bindings[0]!.strokes} />
          ))}
          {word}
        </span>
      ))}
    </span>
  );
}
