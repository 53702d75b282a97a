// A logged audio file: the browser's player (which reads it in byte ranges as it plays and
// seeks), its duration, sample rate and channels, and its waveform drawn from the decoded
// samples; a file that does not play or decode says why, and what could be read.

import { useRef, useState } from 'react';
import type { LoggedFileInfo } from '../../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../../shared/api/logged-file-url.js';
import { mediaErrorText, mediaTime } from '../media-error.js';
import { useDecodedAudio } from './use-decoded-audio.js';
import { Waveform } from './Waveform.js';
import '../files.css';

export function AudioView({ runId, file }: { runId: string; file: LoggedFileInfo }) {
  const url = loggedFileUrl(runId, file.path);
  const player = useRef<HTMLAudioElement>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const [time, setTime] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const decoded = useDecodedAudio(url, file.size);
  const format = decoded.state === 'decoded' ? decoded.format : null;
  const channels = decoded.state === 'decoded' ? decoded.channels.length : null;
  const facts = [
    duration !== null ? mediaTime(duration) : null,
    format?.codec ?? null,
    format !== null ? `${format.sampleRate.toLocaleString('en')} Hz` : null,
    channels === null
      ? null
      : channels === 1
        ? 'mono'
        : channels === 2
          ? 'stereo'
          : `${channels} channels`,
  ].filter((fact) => fact !== null);
  return (
    <div className="media-view stack" data-testid="audio-view">
      <div className="row">
        <audio
          ref={player}
          controls
          preload="metadata"
          src={url}
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
          onDurationChange={(event) => setDuration(event.currentTarget.duration)}
          onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
          onSeeked={(event) => setTime(event.currentTarget.currentTime)}
          onError={(event) => setError(mediaErrorText(event.currentTarget.error, file.contentType))}
          data-testid="audio-player"
        />
        <span className="muted mono" data-testid="audio-facts">
          {facts.join(' · ')}
        </span>
      </div>
      {error !== null ? (
        <div className="error-box" data-testid="media-error">
          {error}
        </div>
      ) : null}
      {decoded.state === 'decoding' ? <div className="waveform waveform-pending" /> : null}
      {decoded.state === 'decoded' ? (
        <Waveform
          channels={decoded.channels}
          duration={decoded.duration}
          currentTime={time}
          onSeek={(to) => {
            if (player.current !== null) player.current.currentTime = to;
            setTime(to);
          }}
        />
      ) : null}
      {/* A file the player cannot play needs no second message that it does not decode. */}
      {decoded.state === 'skipped' || (decoded.state === 'failed' && error === null) ? (
        <div
          className={decoded.state === 'failed' ? 'warn-box' : 'muted'}
          data-testid="waveform-note"
        >
          {decoded.message}
        </div>
      ) : null}
    </div>
  );
}
