// The answer to a request for a file a run logged, the same over HTTP (`serve`) and the desktop
// app's own scheme: status, headers and the open file, then sent as a Node stream or a web one.

import { close, read } from 'node:fs';
import { basename } from 'node:path';
import { parseLoggedFileUrl } from '../../shared/api/logged-file-url.js';
import { log } from '../log.js';
import { LoggedFileRefusal, typeOfLoggedFile } from '../store/logged-files.js';
import type { OpenedFile } from '../store/store-files.js';

/** Opens the file a run logged; throws a LoggedFileRefusal (the Backend's openLoggedFile). */
export type OpenLoggedFile = (runId: string, path: string) => OpenedFile;

/** The address prefix of logged files: a request under it is answered here, whatever it holds. */
export const LOGGED_FILES_PREFIX = '/api/files/';

/** Headers of every answer here, a file's or a refusal's. */
const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // An HTML or SVG file opened on its own, not in an <img>, runs no script and loads nothing.
  'Content-Security-Policy': "sandbox; default-src 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // A resumed run may write the same path again: the bytes are asked for each time they are shown.
  'Cache-Control': 'no-cache',
};

export type LoggedFileAnswer =
  | {
      readonly status: 200;
      readonly headers: Record<string, string>;
      /** The open file, which the sender closes; null for HEAD, whose file is closed already. */
      readonly file: OpenedFile | null;
      /** The bytes sent: the file's size when it was opened. */
      readonly size: number;
    }
  | {
      readonly status: 400 | 403 | 404 | 405 | 500;
      readonly headers: Record<string, string>;
      readonly text: string;
    };

/** True when pathname is the address of a logged file, or a malformed one: answered here. */
export function isLoggedFileAddress(pathname: string): boolean {
  return pathname.startsWith(LOGGED_FILES_PREFIX);
}

function refusal(status: 400 | 403 | 404 | 405 | 500, reason: string): LoggedFileAnswer {
  return {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...COMMON_HEADERS },
    text: `${reason}\n`,
  };
}

/**
 * The name a browser saves the file under: its last segment, only characters no header or file
 * system reads as anything else in the plain form, the whole name in the RFC 8187 form.
 */
export function contentDisposition(path: string): string {
  const name = basename(path) || 'file';
  const plain = name.replace(/[^A-Za-z0-9._-]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${plain}"; filename*=UTF-8''${encoded}`;
}

/**
 * Answers method on pathname (under LOGGED_FILES_PREFIX): 400 for a malformed escape, 404 for an
 * address of no file or a refusal's 404, 403 for a refusal's 403, 405 for a method other than GET
 * and HEAD; 200 with the file open.
 */
export function answerLoggedFile(
  open: OpenLoggedFile,
  method: string,
  pathname: string,
): LoggedFileAnswer {
  if (method !== 'GET' && method !== 'HEAD') return refusal(405, 'only GET and HEAD are served');
  try {
    decodeURIComponent(pathname);
  } catch {
    return refusal(400, 'the path is not percent-encoded UTF-8');
  }
  const address = parseLoggedFileUrl(pathname);
  if (address === null)
    return refusal(404, 'not the address of a logged file: /api/files/<run id>/<path>');
  let file: OpenedFile;
  try {
    file = open(address.runId, address.path);
  } catch (error) {
    if (error instanceof LoggedFileRefusal) return refusal(error.status, error.reason);
    log.warn(`opening ${address.path} of run ${address.runId} failed`, error);
    return refusal(500, 'the file could not be opened');
  }
  const size = file.stat.size;
  const headers = {
    'Content-Type': typeOfLoggedFile(address.path).contentType,
    'Content-Length': String(size),
    'Content-Disposition': contentDisposition(address.path),
    ...COMMON_HEADERS,
  };
  if (method === 'HEAD') {
    closeQuietly(file.fd);
    return { status: 200, headers, file: null, size };
  }
  return { status: 200, headers, file, size };
}

export function closeQuietly(fd: number): void {
  close(fd, (error) => {
    if (error !== null) log.warn('closing a logged file failed', error);
  });
}

/** Bytes of the file read at a time: a chunk of the stream. */
const CHUNK_BYTES = 1 << 16;

/**
 * The first `size` bytes of the open file as a web stream, read a chunk each time the reader
 * pulls (never the whole file at once); the fd is closed at the end, on a failure and on cancel.
 */
export function fileStream(fd: number, size: number): ReadableStream<Uint8Array> {
  let position = 0;
  let done = false;
  let reading = false;
  // Closed only once no read is in flight: a number closed under a read may be another file's.
  const finish = (): void => {
    done = true;
    if (!reading && fd >= 0) {
      closeQuietly(fd);
      fd = -1;
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      pull: (controller) =>
        new Promise<void>((settle) => {
          const wanted = Math.min(CHUNK_BYTES, size - position);
          if (wanted <= 0) {
            finish();
            controller.close();
            return settle();
          }
          const buffer = Buffer.allocUnsafe(wanted);
          reading = true;
          read(fd, buffer, 0, wanted, position, (error, bytesRead) => {
            reading = false;
            if (done) {
              finish();
              return settle();
            }
            if (error !== null || bytesRead === 0) {
              finish();
              // A file cut shorter than it was when opened: the body ends short, as an error.
              controller.error(error ?? new Error('the file got shorter while it was read'));
              return settle();
            }
            position += bytesRead;
            controller.enqueue(new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead));
            settle();
          });
        }),
      cancel: finish,
    },
    // One chunk ahead at most: a slow reader holds back the reading, not memory.
    { highWaterMark: 1, size: () => 1 },
  );
}

/** The answer as a web Response, for the desktop app's protocol handler. */
export function toWebResponse(answer: LoggedFileAnswer): Response {
  if (answer.status !== 200)
    return new Response(answer.text, { status: answer.status, headers: answer.headers });
  const body = answer.file === null ? null : fileStream(answer.file.fd, answer.size);
  return new Response(body, { status: 200, headers: answer.headers });
}

/** Answers a request of the desktop app's scheme for a logged file, as a web Response. */
export function loggedFileResponse(
  open: OpenLoggedFile,
  method: string,
  pathname: string,
): Response {
  return toWebResponse(answerLoggedFile(open, method, pathname));
}
