// An audio file decoded by Web Audio for its waveform: fetched whole only up to a limit (a longer
// recording plays and seeks, but draws no waveform), decoded off the page's thread by the browser.

import { useEffect, useState } from 'react';
import { byteSize } from '../../../../shared/format/byte-size.js';
import { readLimited } from '../read-limited.js';
import type { AudioFormat } from './audio-format.js';
import { audioFormat } from './audio-format.js';

/** Files larger than this draw no waveform: decoding holds every sample as 32-bit floats. */
export const WAVEFORM_LIMIT = 32e6;

export type DecodedAudio =
  | { readonly state: 'decoding' }
  | {
      readonly state: 'decoded';
      readonly channels: readonly Float32Array[];
      readonly duration: number;
      /** What the file's header states; null for a header this does not read. */
      readonly format: AudioFormat | null;
    }
  | { readonly state: 'skipped' | 'failed'; readonly message: string };

export function useDecodedAudio(url: string, size: number | null): DecodedAudio {
  const [decoded, setDecoded] = useState<DecodedAudio>({ state: 'decoding' });
  useEffect(() => {
    if (size !== null && size > WAVEFORM_LIMIT) {
      setDecoded({
        state: 'skipped',
        message: `No waveform: the file is ${byteSize(size)}, and waveforms are drawn for files up to ${byteSize(WAVEFORM_LIMIT)}. It plays and seeks all the same.`,
      });
      return;
    }
    const abort = new AbortController();
    setDecoded({ state: 'decoding' });
    void (async () => {
      try {
        const response = await fetch(url, { signal: abort.signal });
        if (!response.ok) throw new Error(`the host answered ${response.status}`);
        const read = await readLimited(response, WAVEFORM_LIMIT);
        if (read.cut) throw new Error(`the file is larger than ${byteSize(WAVEFORM_LIMIT)}`);
        // An offline context decodes without an audio device or a user's gesture.
        const context = new OfflineAudioContext(1, 1, 44_100);
        const buffer = await context.decodeAudioData(read.bytes.slice().buffer);
        if (abort.signal.aborted) return;
        setDecoded({
          state: 'decoded',
          channels: Array.from({ length: buffer.numberOfChannels }, (_, c) =>
            buffer.getChannelData(c),
          ),
          duration: buffer.duration,
          format: audioFormat(read.bytes),
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        const why = error instanceof Error ? error.message : String(error);
        setDecoded({
          state: 'failed',
          message: `No waveform: the browser could not decode the file as audio (${why}).`,
        });
      }
    })();
    return () => abort.abort();
  }, [url, size]);
  return decoded;
}
