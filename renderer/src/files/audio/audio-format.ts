// An audio file's sample rate and channels as its header states them. Web Audio resamples what
// it decodes to its context's rate, so the decoded buffer cannot tell the file's own rate; the
// header can, for WAV, FLAC, Ogg (Vorbis, Opus), MP3 and MP4 audio.

export interface AudioFormat {
  readonly codec: string;
  readonly sampleRate: number;
  readonly channels: number;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function u16le(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}

function u32le(b: Uint8Array, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}

function u32be(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}

/** WAV: the fmt chunk among the RIFF chunks. */
function wav(b: Uint8Array): AudioFormat | null {
  for (let at = 12; at + 8 <= b.length;) {
    const size = u32le(b, at + 4);
    if (ascii(b, at, 4) === 'fmt ' && at + 16 <= b.length) {
      return { codec: 'WAV', channels: u16le(b, at + 10), sampleRate: u32le(b, at + 12) };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/** FLAC: STREAMINFO, the first metadata block. */
function flac(b: Uint8Array): AudioFormat | null {
  if (b.length < 8 + 18) return null;
  const s = 8;
  const sampleRate = (b[s + 10]! << 12) | (b[s + 11]! << 4) | (b[s + 12]! >> 4);
  return { codec: 'FLAC', sampleRate, channels: ((b[s + 12]! >> 1) & 0x07) + 1 };
}

/** Ogg: the first packet of the first page, Vorbis's or Opus's identification header. */
function ogg(b: Uint8Array): AudioFormat | null {
  if (b.length < 27) return null;
  const segments = b[26]!;
  const packet = 27 + segments;
  if (ascii(b, packet, 7) === '\x01vorbis' && packet + 16 <= b.length)
    return { codec: 'Vorbis', channels: b[packet + 11]!, sampleRate: u32le(b, packet + 12) };
  // Opus always decodes at 48 kHz, whatever rate its source had.
  if (ascii(b, packet, 8) === 'OpusHead' && packet + 10 <= b.length)
    return { codec: 'Opus', channels: b[packet + 9]!, sampleRate: 48_000 };
  return null;
}

const MP3_RATES: Record<number, readonly number[]> = {
  3: [44_100, 48_000, 32_000], // MPEG-1
  2: [22_050, 24_000, 16_000], // MPEG-2
  0: [11_025, 12_000, 8_000], // MPEG-2.5
};

/** MP3: the first frame header after an ID3v2 tag. */
function mp3(b: Uint8Array): AudioFormat | null {
  let at = 0;
  if (ascii(b, 0, 3) === 'ID3' && b.length >= 10)
    at = 10 + ((b[6]! << 21) | (b[7]! << 14) | (b[8]! << 7) | b[9]!);
  for (const end = Math.min(b.length - 3, at + 64 * 1024); at < end; at++) {
    if (b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) continue;
    const version = (b[at + 1]! >> 3) & 0x03;
    const layer = (b[at + 1]! >> 1) & 0x03;
    const bitrate = b[at + 2]! >> 4;
    if (layer === 0 || bitrate === 0x0f) continue;
    const rate = MP3_RATES[version]?.[(b[at + 2]! >> 2) & 0x03];
    if (rate === undefined) continue;
    return { codec: 'MP3', sampleRate: rate, channels: b[at + 3]! >> 6 === 3 ? 1 : 2 };
  }
  return null;
}

/** MP4 audio (M4A): the mp4a sample entry's channel count and rate (16.16 fixed point). */
function mp4(b: Uint8Array): AudioFormat | null {
  for (let at = 4; at + 32 <= b.length; at++) {
    if (b[at] !== 0x6d || ascii(b, at, 4) !== 'mp4a') continue;
    return {
      codec: 'AAC',
      channels: (b[at + 20]! << 8) | b[at + 21]!,
      sampleRate: u32be(b, at + 28) >>> 16,
    };
  }
  return null;
}

/** The format the file's first bytes state, or null when they state none this knows. */
export function audioFormat(bytes: Uint8Array): AudioFormat | null {
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return wav(bytes);
  if (ascii(bytes, 0, 4) === 'fLaC') return flac(bytes);
  if (ascii(bytes, 0, 4) === 'OggS') return ogg(bytes);
  if (ascii(bytes, 4, 4) === 'ftyp') return mp4(bytes);
  return mp3(bytes);
}
