// The answer to a request for a file a run logged, the same over HTTP (`serve`) and the desktop
// app's own scheme: status, headers, the open file and the bytes of it to send (the whole file,
// or the part a Range asks for), then sent as a Node stream or a web one.

import { close, read } from 'node:fs';
import { basename } from 'node:path';
import { parseLoggedFileUrl } from '../../shared/api/logged-file-url.js';
import { log } from '../log.js';
import type { RangeVerdict } from './byte-ranges.js';
import { rangeOfRequest } from './byte-ranges.js';
import { LoggedFileRefusal, typeOfLoggedFile } from '../store/logged-files.js';
import type { OpenedFile } from '../store/store-files.js';

/** Opens the file a run logged; throws a LoggedFileRefusal (the Backend's openLoggedFile). */
export type OpenLoggedFile = (runId: string, path: string) => OpenedFile;

/** The address prefix of logged files: a request under it is answered here, whatever it holds. */
export const LOGGED_FILES_PREFIX = '/api/files/';

/**
 * An HTML or SVG file, opened on its own or in the Files tab's frame, runs no script, submits no
 * form and loads nothing from anywhere: only its own inline styles and data: images show, so a
 * logged HTML report looks as written. Only the app's own pages may frame it.
 */
export const LOGGED_FILE_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; " +
  "frame-ancestors 'self'";

/** Headers of every answer here, a file's or a refusal's. */
const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': LOGGED_FILE_CSP,
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // A resumed run may write the same path again: the bytes are asked for each time they are shown.
  'Cache-Control': 'no-cache',
};

/** A request for a logged file, as either transport hands it over. */
export interface LoggedFileRequest {
  readonly method: string;
  readonly pathname: string;
  /** The Range header, when the request has one. */
  readonly range?: string | undefined;
  /** The If-Range header, when the request has one. */
  readonly ifRange?: string | undefined;
}

export type RefusalStatus = 400 | 403 | 404 | 405 | 416 | 500;

export type LoggedFileAnswer =
  | {
      /** 200: the whole file; 206: the part a Range asked for. */
      readonly status: 200 | 206;
      readonly headers: Record<string, string>;
      /** The open file, which the sender closes; null for HEAD, whose file is closed already. */
      readonly file: OpenedFile | null;
      /** The first byte sent. */
      readonly start: number;
      /** How many bytes are sent from start: all of them were in the file when it was opened. */
      readonly length: number;
    }
  | {
      readonly status: RefusalStatus;
      readonly headers: Record<string, string>;
      readonly text: string;
    };

/** True when pathname is the address of a logged file, or a malformed one: answered here. */
export function isLoggedFileAddress(pathname: string): boolean {
  return pathname.startsWith(LOGGED_FILES_PREFIX);
}

function refusal(
  status: RefusalStatus,
  reason: string,
  extra: Record<string, string> = {},
): LoggedFileAnswer {
  return {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...extra, ...COMMON_HEADERS },
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
 * Answers a request under LOGGED_FILES_PREFIX: 400 for a malformed escape, 404 for an address of
 * no file or a refusal's 404, 403 for a refusal's 403, 405 for a method other than GET and HEAD;
 * for a GET with a Range (byte-ranges.ts), 206 with the part or 416 when none of it is in the
 * file; else 200 with the whole file. Every answer with a file says it takes byte ranges.
 */
export function answerLoggedFile(
  open: OpenLoggedFile,
  request: LoggedFileRequest,
): LoggedFileAnswer {
  const { method, pathname } = request;
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
  // Range is defined for GET alone (RFC 9110 §14.2): a HEAD tells the whole file's length.
  const verdict: RangeVerdict =
    method === 'GET' ? rangeOfRequest(request.range, request.ifRange, size) : { kind: 'whole' };
  if (verdict.kind === 'unsatisfiable') {
    closeQuietly(file.fd);
    return refusal(416, `the range asked for is past the file's end (${size} bytes)`, {
      'Content-Range': `bytes */${size}`,
      'Accept-Ranges': 'bytes',
    });
  }
  const [start, length] =
    verdict.kind === 'part' ? [verdict.start, verdict.end - verdict.start + 1] : [0, size];
  const headers: Record<string, string> = {
    'Content-Type': typeOfLoggedFile(address.path).contentType,
    'Content-Length': String(length),
    'Accept-Ranges': 'bytes',
    ...(verdict.kind === 'part'
      ? { 'Content-Range': `bytes ${verdict.start}-${verdict.end}/${size}` }
      : {}),
    'Content-Disposition': contentDisposition(address.path),
    ...COMMON_HEADERS,
  };
  const status = verdict.kind === 'part' ? 206 : 200;
  if (method === 'HEAD') {
    closeQuietly(file.fd);
    return { status, headers, file: null, start, length };
  }
  return { status, headers, file, start, length };
}

export function closeQuietly(fd: number): void {
  close(fd, (error) => {
    if (error !== null) log.warn('closing a logged file failed', error);
  });
}

/** Bytes of the file read at a time: a chunk of the stream. */
const CHUNK_BYTES = 1 << 16;

/**
 * `length` bytes of the open file from `start` as a web stream, read a chunk each time the reader
 * pulls (never the whole part at once); the fd is closed at the end, on a failure and on cancel.
 */
export function fileStream(fd: number, start: number, length: number): ReadableStream<Uint8Array> {
  let position = start;
  const end = start + length;
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
          const wanted = Math.min(CHUNK_BYTES, end - position);
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
  if ('text' in answer)
    return new Response(answer.text, { status: answer.status, headers: answer.headers });
  const body =
    answer.file === null ? null : fileStream(answer.file.fd, answer.start, answer.length);
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/** Answers a request of the desktop app's scheme for a logged file, as a web Response. */
export function loggedFileResponse(open: OpenLoggedFile, request: LoggedFileRequest): Response {
  return toWebResponse(answerLoggedFile(open, request));
}
