// Writing the export to a stream (an HTTP response, stdout) at the pace its reader takes it: a
// piece is made only when the stream has room, so a slow reader holds back the making of the
// export, not its text in memory.

import type { Writable } from 'node:stream';

/** Pieces are gathered into writes of about this many characters: fewer, larger writes. */
const WRITE_CHARS = 1 << 16;

/** Resolves true once out drained, false when it closed or failed first. */
function drained(out: Writable): Promise<boolean> {
  if (out.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = (room: boolean) => () => {
      out.off('drain', onDrain);
      out.off('close', onGone);
      out.off('error', onGone);
      resolve(room);
    };
    const onDrain = settle(true);
    const onGone = settle(false);
    out.on('drain', onDrain);
    out.on('close', onGone);
    out.on('error', onGone);
  });
}

/**
 * Writes every piece to out, waiting for 'drain' whenever a write finds its buffer full; out is
 * not ended. Resolves false when out closed or failed before all was written: the pieces are
 * then given up (their generator returns), and nothing more is made.
 */
export async function writePieces(out: Writable, pieces: Iterable<string>): Promise<boolean> {
  const iterator = pieces[Symbol.iterator]();
  // Without a listener, a failed write (EPIPE on stdout, say) would be an uncaught error.
  let failed = false;
  const onError = (): void => {
    failed = true;
  };
  out.on('error', onError);
  try {
    let batch = '';
    for (;;) {
      const next = iterator.next();
      if (!next.done) batch += next.value;
      if (batch.length >= WRITE_CHARS || (next.done === true && batch.length > 0)) {
        if (failed || out.destroyed) return false;
        const room = out.write(batch);
        batch = '';
        if (!room && !(await drained(out))) return false;
      }
      if (next.done === true) return !failed && !out.destroyed;
    }
  } finally {
    iterator.return?.();
    out.off('error', onError);
  }
}
