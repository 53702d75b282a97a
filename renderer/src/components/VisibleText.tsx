// A text from a store with its hidden characters shown as escapes set apart from it, so that a
// tab in a run id reads as one and never as the two characters `\t` of another id.

import { visibleParts } from '../text/visible-text.js';

export function VisibleText({ text }: { text: string }) {
  // One element, whatever the parts: in a flex container (a pill, the copy button) they would
  // otherwise be items of their own, with gaps between them.
  return (
    <span>
      {visibleParts(text).map((part, index) =>
        part.escaped ? (
          <span key={index} className="hidden-char">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}
