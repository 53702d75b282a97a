// One logged image as an <img> of its address (never inlined markup), fit to its frame or at 1:1,
// small images drawn with hard pixels; a file the host cannot serve says why instead.

import { useState } from 'react';
import type { LoggedFileInfo } from '../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../shared/api/logged-file-url.js';

export type Zoom = 'fit' | 'actual';

/** Below this many pixels on a side an image is upscaled with hard pixels, not blurred. */
const SMALL_SIDE = 256;

export function LoggedImage(props: {
  runId: string;
  file: LoggedFileInfo;
  zoom: Zoom;
  testId?: string;
  onSize?: (size: { width: number; height: number }) => void;
}) {
  const { runId, file, zoom } = props;
  const [size, setSize] = useState<{ path: string; width: number; height: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (file.problem !== null) {
    return (
      <div className="image-frame image-problem" data-testid="file-problem">
        {file.problem}
      </div>
    );
  }
  const shownSize = size?.path === file.path ? size : null;
  const small = shownSize !== null && Math.max(shownSize.width, shownSize.height) < SMALL_SIDE;
  return (
    <div className={`image-frame zoom-${zoom}`}>
      {failed === file.path ? (
        <div className="image-problem">The image could not be shown: its bytes did not decode.</div>
      ) : (
        <img
          src={loggedFileUrl(runId, file.path)}
          alt={`${file.key} at step ${file.step}`}
          className={small ? 'pixelated' : undefined}
          style={
            zoom === 'fit' && small && shownSize !== null
              ? // A small image is scaled up to fill the frame, a whole number of times.
                { width: shownSize.width * Math.max(1, Math.floor(320 / shownSize.height)) }
              : undefined
          }
          data-testid={props.testId}
          onLoad={(event) => {
            const next = {
              path: file.path,
              width: event.currentTarget.naturalWidth,
              height: event.currentTarget.naturalHeight,
            };
            setSize(next);
            setFailed(null);
            props.onSize?.(next);
          }}
          onError={() => setFailed(file.path)}
        />
      )}
      {shownSize !== null ? (
        <span className="image-size muted">
          {shownSize.width} × {shownSize.height} px
        </span>
      ) : null}
    </div>
  );
}
