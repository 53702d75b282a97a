// A logged file opened to be read in parts: its size and modification time when opened, and
// reads of bounded length. A local run's is an fd the one safe open gave (openedFileBytes); a
// far run's reads its host a part at a time (sources/remote/far-file.ts).

import { close, read } from 'node:fs';
import { log } from '../log.js';
import type { OpenedFile } from './store-files.js';

export interface LoggedFileBytes {
  /** The file's size in bytes when it was opened: no read goes past it. */
  readonly size: number;
  /** Its modification time when it was opened, ms since the epoch. */
  readonly modified: number;
  /** The bytes a stream of the file asks for at a time. */
  readonly partBytes: number;
  /**
   * At most `length` bytes from `position`; fewer where the file ends. Rejects why the bytes
   * cannot be had (the file got shorter, changed, or its host went).
   */
  read(position: number, length: number): Promise<Uint8Array>;
  /** Lets the file go; never called while a read is in flight. */
  close(): void;
}

/** A local file's bytes are read a chunk of 64 KiB at a time: a stream's chunk. */
const LOCAL_PART_BYTES = 1 << 16;

/** The file the safe open gave, read through its fd; close() closes the fd. */
export function openedFileBytes(opened: OpenedFile): LoggedFileBytes {
  const { fd, stat } = opened;
  return {
    size: stat.size,
    modified: stat.mtimeMs,
    partBytes: LOCAL_PART_BYTES,
    read: (position, length) =>
      new Promise((resolve, reject) => {
        const wanted = Math.max(0, Math.min(length, stat.size - position));
        const buffer = Buffer.allocUnsafe(wanted);
        if (wanted === 0) return resolve(buffer);
        read(fd, buffer, 0, wanted, position, (error, bytesRead) =>
          error !== null
            ? reject(error)
            : resolve(new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead)),
        );
      }),
    close: () =>
      close(fd, (error) => {
        if (error !== null) log.warn('closing a logged file failed', error);
      }),
  };
}
