// The answer to a request for a file a run logged, the same over HTTP (`serve`) and the desktop
// app's own scheme, for a local run's file and a far run's alike: status, headers, the open file
// and the bytes of it to send (the whole file, or the part a Range asks for), then sent as a web
// stream read a part at a time.

import { basename } from 'node:path';
import { parseLoggedFileUrl } from '../../shared/api/logged-file-url.js';
import { log } from '../log.js';
import type { RangeVerdict } from './byte-ranges.js';
import { rangeOfRequest } from './byte-ranges.js';
import type { LoggedFileBytes } from '../store/logged-file-bytes.js';
import { LoggedFileRefusal, typeOfLoggedFile } from '../store/logged-files.js';

/** Opens the file a run logged; rejects with a LoggedFileRefusal (the Backend's loggedFile). */
export type OpenLoggedFile = (runId: string, path: string) => Promise<LoggedFileBytes>;

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

export type RefusalStatus = 400 | 403 | 404 | 405 | 416 | 500 | 503;

export type LoggedFileAnswer =
  | {
      /** 200: the whole file; 206: the part a Range asked for. */
      readonly status: 200 | 206;
      readonly headers: Record<string, string>;
      /** The open file, which the sender closes; null for HEAD, whose file is closed already. */
      readonly file: LoggedFileBytes | null;
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
export async function answerLoggedFile(
  open: OpenLoggedFile,
  request: LoggedFileRequest,
): Promise<LoggedFileAnswer> {
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
  let file: LoggedFileBytes;
  try {
    file = await open(address.runId, address.path);
  } catch (error) {
    if (error instanceof LoggedFileRefusal) return refusal(error.status, error.reason);
    log.warn(`opening ${address.path} of run ${address.runId} failed`, error);
    return refusal(500, 'the file could not be opened');
  }
  const size = file.size;
  // Range is defined for GET alone (RFC 9110 §14.2): a HEAD tells the whole file's length.
  const verdict: RangeVerdict =
    method === 'GET' ? rangeOfRequest(request.range, request.ifRange, size) : { kind: 'whole' };
  if (verdict.kind === 'unsatisfiable') {
    file.close();
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
    file.close();
    return { status, headers, file: null, start, length };
  }
  return { status, headers, file, start, length };
}

/**
 * `length` bytes of the open file from `start` as a web stream, read a part (file.partBytes)
 * each time the reader pulls, never the whole range at once; the file is closed at the end, on
 * a failure and on cancel.
 */
export function fileStream(
  file: LoggedFileBytes,
  start: number,
  length: number,
): ReadableStream<Uint8Array> {
  let position = start;
  const end = start + length;
  let done = false;
  let reading = false;
  let closed = false;
  // Closed only once no read is in flight: an fd closed under a read may be another file's.
  const finish = (): void => {
    done = true;
    if (!reading && !closed) {
      closed = true;
      file.close();
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      pull: async (controller) => {
        const wanted = Math.min(file.partBytes, end - position);
        if (wanted <= 0) {
          finish();
          return controller.close();
        }
        reading = true;
        const bytes = await file.read(position, wanted).then(
          (read) => read,
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        );
        reading = false;
        // Cancelled while reading: the file is closed now that no read is in flight.
        if (done) return finish();
        if (bytes instanceof Error || bytes.length === 0) {
          finish();
          // A file cut shorter than it was when opened: the body ends short, as an error.
          return controller.error(
            bytes instanceof Error ? bytes : new Error('the file got shorter while it was read'),
          );
        }
        position += bytes.length;
        controller.enqueue(bytes);
      },
      cancel: finish,
    },
    // One part ahead at most: a slow reader holds back the reading, not memory.
    { highWaterMark: 1, size: () => 1 },
  );
}

/** The answer as a web Response, for the desktop app's protocol handler. */
export function toWebResponse(answer: LoggedFileAnswer): Response {
  if ('text' in answer)
    return new Response(answer.text, { status: answer.status, headers: answer.headers });
  const body = answer.file === null ? null : fileStream(answer.file, answer.start, answer.length);
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/** Answers a request of the desktop app's scheme for a logged file, as a web Response. */
export async function loggedFileResponse(
  open: OpenLoggedFile,
  request: LoggedFileRequest,
): Promise<Response> {
  return toWebResponse(await answerLoggedFile(open, request));
}
