// Compare's videos at the shared step cursor, side by side and played together by one control:
// play and pause all, one seek bar over the longest, the others kept within a frame or two of
// it as they play (an episode shorter than the rest stops at its end).

import { useEffect, useRef, useState } from 'react';
import type { LoggedFileInfo, RunSummary } from '../../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../../shared/api/logged-file-url.js';
import type { RunStyle } from '../../charts/run-colors.js';
import { visibleText } from '../../text/visible-text.js';
import { mediaErrorText, mediaTime } from '../media-error.js';
import { CompareColumn } from './CompareColumn.js';
import '../files.css';

/** Seconds a video may stray from the longest before it is put back in step. */
const DRIFT = 0.15;

export function CompareVideos(props: {
  styles: ReadonlyMap<string, RunStyle>;
  keyName: string;
  cursor: number;
  shown: readonly { readonly run: RunSummary; readonly file: LoggedFileInfo | null }[];
}) {
  const { shown } = props;
  const videos = useRef(new Map<string, HTMLVideoElement>());
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [length, setLength] = useState(0);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const playable = (): HTMLVideoElement[] =>
    [...videos.current.values()].filter((v) => v.error === null && Number.isFinite(v.duration));
  // The longest plays on to the end: the others follow it.
  const leader = (): HTMLVideoElement | undefined =>
    playable().reduce<HTMLVideoElement | undefined>(
      (longest, v) => (longest === undefined || v.duration > longest.duration ? v : longest),
      undefined,
    );

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const follow = (): void => {
      const lead = leader();
      if (lead !== undefined) {
        setTime(lead.currentTime);
        for (const video of playable()) {
          if (video === lead || lead.currentTime >= video.duration) continue;
          if (Math.abs(video.currentTime - lead.currentTime) > DRIFT)
            video.currentTime = lead.currentTime;
        }
        if (lead.ended || lead.paused) setPlaying(false);
      }
      frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(follow);
    return () => cancelAnimationFrame(frame);
    // leader and playable read the videos as they are at each frame.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing]);

  const seekAll = (to: number): void => {
    for (const video of playable()) video.currentTime = Math.min(to, video.duration);
    setTime(to);
  };
  const playAll = (): void => {
    const from = time >= length - 0.05 ? 0 : time;
    seekAll(from);
    for (const video of playable()) if (from < video.duration) void video.play().catch(() => {});
    setPlaying(true);
  };
  const pauseAll = (): void => {
    for (const video of playable()) video.pause();
    setPlaying(false);
  };

  return (
    <div className="stack" data-testid="compare-videos">
      <div className="video-controls">
        <button
          className="btn small"
          onClick={playing ? pauseAll : playAll}
          disabled={length === 0}
          data-testid="compare-video-play"
        >
          {playing ? 'Pause all' : 'Play all'}
        </button>
        <input
          type="range"
          min={0}
          max={length}
          step={0.01}
          value={Math.min(time, length)}
          onChange={(event) => seekAll(Number(event.target.value))}
          aria-label="Time in every video"
          data-testid="compare-video-seek"
        />
        <span className="muted mono" data-testid="compare-video-time">
          {mediaTime(time)} / {mediaTime(length)}
        </span>
        <span className="muted">muted, played together</span>
      </div>
      <div className="compare-videos">
        {shown.map(({ run, file }) => (
          <CompareColumn
            key={run.id}
            runId={run.id}
            name={visibleText(run.name ?? run.id)}
            style={props.styles.get(run.id)}
            file={file}
            cursor={props.cursor}
            keyName={props.keyName}
            testId="compare-video"
          >
            {file === null ? null : file.problem !== null ? (
              <div className="warn-box">{file.problem}</div>
            ) : (
              <>
                <video
                  key={file.path}
                  ref={(element) => {
                    if (element === null) videos.current.delete(run.id);
                    else videos.current.set(run.id, element);
                  }}
                  muted
                  playsInline
                  preload="auto"
                  src={loggedFileUrl(run.id, file.path)}
                  onLoadedMetadata={() =>
                    setLength(Math.max(0, ...playable().map((video) => video.duration)))
                  }
                  onError={(event) => {
                    const message = mediaErrorText(event.currentTarget.error, file.contentType);
                    setErrors((held) => new Map(held).set(file.path, message));
                  }}
                  data-testid="compare-video-player"
                />
                {errors.has(file.path) ? (
                  <div className="error-box" data-testid="media-error">
                    {errors.get(file.path)}
                  </div>
                ) : null}
              </>
            )}
          </CompareColumn>
        ))}
      </div>
    </div>
  );
}
