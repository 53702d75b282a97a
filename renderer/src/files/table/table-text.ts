// The text a table is read from: the bytes read up to a NUL (a file that is not text from there),
// for a format of lines up to its last whole line when the read stopped short, and decoded as
// UTF-8 with the first byte that is not said, so that bad input shows what could be read.

import { byteSize } from '../../../../shared/format/byte-size.js';
import { firstInvalidUtf8 } from '../../../../shared/format/utf8.js';
import type { TableNote } from './table-types.js';

export interface TableText {
  readonly text: string;
  readonly notes: readonly TableNote[];
  /** True when the text is less than the bytes read: after a NUL, or a line cut short. */
  readonly shortened: boolean;
  /** The bytes the text was decoded from. */
  readonly bytesUsed: number;
}

const LINE_FEED = 0x0a;

/**
 * The text of `bytes`, the first bytes of a file; `cut` when the file goes on past them.
 * `lineBased` formats (CSV, TSV, JSON Lines) drop a last line the read cut short.
 */
export function tableText(bytes: Uint8Array, cut: boolean, lineBased: boolean): TableText {
  const notes: TableNote[] = [];
  let used = bytes;
  let shortened = false;
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    used = bytes.subarray(0, nul);
    shortened = true;
    notes.push({
      level: 'warn',
      text: `Byte ${nul.toLocaleString('en')} is a NUL: the file is not text from there on, and only the ${byteSize(nul)} before it are read.`,
    });
  }
  if ((cut || shortened) && lineBased) {
    const lastLine = used.lastIndexOf(LINE_FEED);
    if (lastLine + 1 < used.length) {
      used = used.subarray(0, lastLine + 1);
      shortened = true;
    }
  }
  const invalid = firstInvalidUtf8(used);
  if (invalid >= 0)
    notes.push({
      level: 'warn',
      text: `The file is not valid UTF-8 from byte ${invalid.toLocaleString('en')}: bytes that are not are shown as �.`,
    });
  return {
    text: new TextDecoder('utf-8', { fatal: false }).decode(used),
    notes,
    shortened,
    bytesUsed: used.length,
  };
}
