// An audio file's own sample rate and channels from its header (Web Audio resamples what it
// decodes, so only the header tells them), for each container the player takes; and the
// waveform's envelope, which keeps a one-sample spike at any width.

import { describe, expect, it } from 'vitest';
import { audioFormat } from '../../renderer/src/files/audio/audio-format.js';
import { waveformPeaks } from '../../renderer/src/files/audio/waveform-peaks.js';
import { encodeWav } from '../../electron/demo/wav.js';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );
const le32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];

describe('audioFormat', () => {
  it('reads a WAV written by code', () => {
    const wav = encodeWav([new Float32Array(100), new Float32Array(100)], 16_000);
    expect(audioFormat(wav)).toEqual({ codec: 'WAV', sampleRate: 16_000, channels: 2 });
  });

  it("reads FLAC's STREAMINFO", () => {
    // 22,050 Hz, 2 channels, as ffmpeg writes it.
    const flac = bytes(
      'fLaC',
      [0, 0, 0, 34, 9, 0, 9, 0, 0, 1, 181, 0, 2, 224, 5, 98, 34, 240, 0, 0, 86, 34],
    );
    expect(audioFormat(flac)).toEqual({ codec: 'FLAC', sampleRate: 22_050, channels: 2 });
  });

  it("reads Ogg Vorbis's identification header, and Opus as the 48 kHz it plays at", () => {
    const page = (packet: number[]) =>
      bytes('OggS', [0, 2, ...new Array(20).fill(0), 1, packet.length], packet);
    const vorbis = page([...bytes('\x01vorbis'), ...le32(0), 1, ...le32(44_100), 0, 0, 0, 0]);
    expect(audioFormat(vorbis)).toEqual({ codec: 'Vorbis', sampleRate: 44_100, channels: 1 });
    const opus = page([...bytes('OpusHead'), 1, 2, 0, 0, ...le32(16_000)]);
    expect(audioFormat(opus)).toEqual({ codec: 'Opus', sampleRate: 48_000, channels: 2 });
  });

  it("reads MP3's first frame header past an ID3 tag", () => {
    // MPEG-1 layer III, 128 kbit/s, 44.1 kHz, mono.
    const mp3 = bytes('ID3', [4, 0, 0, 0, 0, 0, 2], [0, 0], [0xff, 0xfb, 0x90, 0xc0]);
    expect(audioFormat(mp3)).toEqual({ codec: 'MP3', sampleRate: 44_100, channels: 1 });
  });

  it("reads an M4A's mp4a sample entry", () => {
    const entry = [...new Array(16).fill(0), 0, 2, 0, 16, 0, 0, 0, 0, ...[0x56, 0x22, 0, 0]];
    const m4a = bytes([0, 0, 0, 20], 'ftypM4A ', [0, 0, 0, 0], [0, 0, 0, 50], 'mp4a', entry);
    expect(audioFormat(m4a)).toEqual({ codec: 'AAC', sampleRate: 22_050, channels: 2 });
  });

  it('reads nothing from text named .wav', () => {
    expect(audioFormat(new TextEncoder().encode('this is text, not a WAV\n'))).toBeNull();
  });
});

describe('waveformPeaks', () => {
  it('keeps a one-sample spike in its column, over every channel', () => {
    const left = new Float32Array(1000);
    const right = new Float32Array(1000);
    left[501] = 0.9;
    right[10] = -0.7;
    const peaks = waveformPeaks([left, right], 10);
    expect(peaks.max[5]).toBeCloseTo(0.9);
    expect(peaks.min[0]).toBeCloseTo(-0.7);
    expect(Math.max(...peaks.max.filter((_, i) => i !== 5))).toBe(0);
  });

  it('draws a short sound across the whole width', () => {
    const peaks = waveformPeaks([Float32Array.from([0.5, -0.5])], 6);
    expect([...peaks.max]).toEqual([0.5, 0.5, 0.5, -0.5, -0.5, -0.5]);
  });
});
