// A curve panel's overlay checkbox: draw its key with the other chosen ones on one canvas.

import { memo } from 'react';

/**
 * A panel's overlay checkbox, memoized: every live frame renders the panel, and React 19 writes
 * a rendered input's name and type again each time.
 */
export const OverlayToggle = memo(function OverlayToggle(props: {
  panelKey: string;
  on: boolean;
  onToggle: (key: string) => void;
}) {
  return (
    <label title="Draw this key with the other chosen ones on one canvas">
      <input type="checkbox" checked={props.on} onChange={() => props.onToggle(props.panelKey)} />
      overlay
    </label>
  );
});
