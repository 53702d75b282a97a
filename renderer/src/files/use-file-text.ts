// A logged file's first bytes as text, for a preview: asked for as a byte range and read as a
// stream cut at the limit, with how much of the file that is and where, if anywhere, its bytes
// stop being UTF-8.

import { useEffect, useState } from 'react';
import type { LoggedFileInfo } from '../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../shared/api/logged-file-url.js';
import { firstInvalidUtf8 } from '../../../shared/format/utf8.js';
import { previewText, readLimited } from './read-limited.js';

export type FileText =
  | { readonly state: 'loading' }
  | {
      readonly state: 'shown';
      readonly text: string;
      readonly bytes: number;
      /** True when the file holds more than the bytes read. */
      readonly cut: boolean;
      /** The first byte that is not UTF-8, or -1. */
      readonly invalidAt: number;
    }
  | { readonly state: 'failed'; readonly message: string };

export function useFileText(runId: string, file: LoggedFileInfo, limit: number): FileText {
  const [text, setText] = useState<FileText>({ state: 'loading' });
  const url = loggedFileUrl(runId, file.path);
  useEffect(() => {
    const abort = new AbortController();
    setText({ state: 'loading' });
    void (async () => {
      try {
        const response = await fetch(url, {
          signal: abort.signal,
          headers: { Range: `bytes=0-${limit - 1}` },
        });
        if (response.status === 416) {
          setText({ state: 'shown', text: '', bytes: 0, cut: false, invalidAt: -1 });
          return;
        }
        if (!response.ok) {
          const reason = (await response.text().catch(() => '')).trim();
          throw new Error(reason === '' ? `the host answered ${response.status}` : reason);
        }
        const total = /\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '')?.[1];
        const read = await readLimited(response, limit);
        const cut = read.cut || (total !== undefined && read.bytes.length < Number(total));
        const invalidAt = firstInvalidUtf8(read.bytes);
        setText({
          state: 'shown',
          text: previewText({ bytes: read.bytes, cut }),
          bytes: read.bytes.length,
          cut,
          // A character the cut splits is no error of the file's.
          invalidAt: cut && invalidAt >= read.bytes.length - 3 ? -1 : invalidAt,
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        setText({
          state: 'failed',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    })();
    return () => abort.abort();
  }, [url, limit, file.size]);
  return text;
}
