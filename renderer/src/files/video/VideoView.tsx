// A logged video: the browser's player (read in byte ranges as it plays and seeks), its size in
// pixels and its duration; a file whose bytes do not play says why.

import { useState } from 'react';
import type { LoggedFileInfo } from '../../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../../shared/api/logged-file-url.js';
import { mediaErrorText, mediaTime } from '../media-error.js';
import '../files.css';

export function VideoView({ runId, file }: { runId: string; file: LoggedFileInfo }) {
  const [facts, setFacts] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="media-view stack" data-testid="video-view">
      <video
        className="video-player"
        controls
        // Enough read ahead to find a file cut short before it is played, never the whole file.
        preload="auto"
        src={loggedFileUrl(runId, file.path)}
        onLoadedMetadata={(event) => {
          const video = event.currentTarget;
          setFacts(`${video.videoWidth} × ${video.videoHeight} px · ${mediaTime(video.duration)}`);
        }}
        onError={(event) => setError(mediaErrorText(event.currentTarget.error, file.contentType))}
        data-testid="video-player"
      />
      {facts !== null ? (
        <span className="muted mono" data-testid="video-facts">
          {facts}
        </span>
      ) : null}
      {error !== null ? (
        <div className="error-box" data-testid="media-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
