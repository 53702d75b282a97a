// What a media element's failure means to the user: a file whose bytes are not what its
// extension says, one cut short or damaged, or one the host would not send.

/** The message for an <audio> or <video> that failed on a file served as contentType. */
export function mediaErrorText(error: MediaError | null, contentType: string): string {
  switch (error?.code) {
    case MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED:
      return `The browser cannot play this file: its bytes are not ${contentType} it can decode, or are no media at all.`;
    case MediaError.MEDIA_ERR_DECODE:
      return 'The file stops decoding partway: it is cut short or damaged. What played before that point is all there is.';
    case MediaError.MEDIA_ERR_NETWORK:
      return 'The file could not be fetched from the host.';
    case MediaError.MEDIA_ERR_ABORTED:
      return 'Reading the file was stopped.';
    default:
      return `The file could not be played${error?.message ? `: ${error.message}` : '.'}`;
  }
}

/** A duration in seconds as m:ss.s (or h:mm:ss), as players show it. */
export function mediaTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  const whole = Math.max(0, seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const secondsText = rest.toFixed(1).padStart(4, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${secondsText}`
    : `${minutes}:${secondsText}`;
}
