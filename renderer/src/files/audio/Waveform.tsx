// An audio file's waveform on a canvas: its envelope per pixel column, the part played drawn in
// the accent, a playhead; a click or a drag seeks the player to that time.

import { useEffect, useMemo, useRef, useState } from 'react';
import { sizedContext } from '../../sweeps/canvas-frame.js';
import { themeColor, useThemeName } from '../../state/theme.js';
import { waveformPeaks } from './waveform-peaks.js';

const HEIGHT = 72;

export function Waveform(props: {
  channels: readonly Float32Array[];
  duration: number;
  currentTime: number;
  onSeek: (time: number) => void;
}) {
  const { channels, duration, currentTime, onSeek } = props;
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const theme = useThemeName();
  useEffect(() => {
    const element = frame.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setWidth(Math.floor(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const peaks = useMemo(() => waveformPeaks(channels, width), [channels, width]);

  useEffect(() => {
    if (canvas.current === null || width === 0) return;
    const context = sizedContext(canvas.current, width, HEIGHT);
    if (context === null) return;
    const middle = HEIGHT / 2;
    const played = duration > 0 ? (currentTime / duration) * width : 0;
    const accent = themeColor('--accent');
    const faint = themeColor('--border-strong');
    context.fillStyle = faint;
    context.fillRect(0, middle, width, 1);
    for (let x = 0; x < width; x++) {
      const top = middle - Math.max(0, peaks.max[x]!) * (middle - 2);
      const bottom = middle - Math.min(0, peaks.min[x]!) * (middle - 2);
      context.fillStyle = x < played ? accent : themeColor('--muted');
      context.fillRect(x, top, 1, Math.max(1, bottom - top));
    }
    context.fillStyle = themeColor('--text');
    context.fillRect(Math.min(width - 1, Math.round(played)), 0, 1, HEIGHT);
  }, [peaks, width, currentTime, duration, theme]);

  const seekAt = (clientX: number): void => {
    const box = canvas.current?.getBoundingClientRect();
    if (box === undefined || box.width === 0 || !(duration > 0)) return;
    onSeek(Math.min(1, Math.max(0, (clientX - box.left) / box.width)) * duration);
  };
  return (
    <div className="waveform" ref={frame}>
      <canvas
        ref={canvas}
        role="slider"
        aria-label="Waveform: click to seek"
        aria-valuemin={0}
        aria-valuemax={duration}
        aria-valuenow={currentTime}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          seekAt(event.clientX);
        }}
        onPointerMove={(event) => {
          if (event.buttons === 1) seekAt(event.clientX);
        }}
        data-testid="waveform"
      />
    </div>
  );
}
