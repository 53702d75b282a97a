// A text file's first bytes, read as a stream and cut at the preview's limit, with how much of
// the file that is and a link to download it whole.

import { useEffect, useState } from 'react';
import type { LoggedFileInfo } from '../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../shared/api/logged-file-url.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import { PREVIEW_LIMIT, previewText, readLimited } from './read-limited.js';
import { fileName } from './file-steps.js';

type Preview =
  | { readonly state: 'loading' }
  | {
      readonly state: 'shown';
      readonly text: string;
      readonly bytes: number;
      readonly cut: boolean;
    }
  | { readonly state: 'failed'; readonly message: string };

export function TextPreview({ runId, file }: { runId: string; file: LoggedFileInfo }) {
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });
  const url = loggedFileUrl(runId, file.path);
  useEffect(() => {
    const abort = new AbortController();
    setPreview({ state: 'loading' });
    void (async () => {
      try {
        const response = await fetch(url, { signal: abort.signal });
        if (!response.ok) {
          const reason = (await response.text().catch(() => '')).trim();
          throw new Error(reason === '' ? `the host answered ${response.status}` : reason);
        }
        const read = await readLimited(response, PREVIEW_LIMIT);
        setPreview({
          state: 'shown',
          text: previewText(read),
          bytes: read.bytes.length,
          cut: read.cut,
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        setPreview({
          state: 'failed',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    })();
    return () => abort.abort();
  }, [url]);

  const download = (
    <a href={url} download={fileName(file.path)} data-testid="file-download">
      Download {fileName(file.path)}
    </a>
  );
  if (preview.state === 'loading') return <div className="spinner" />;
  if (preview.state === 'failed') {
    return (
      <div className="error-box" data-testid="text-preview-error">
        Could not read the file: {preview.message}
      </div>
    );
  }
  const whole = file.size ?? preview.bytes;
  const partial = preview.cut || preview.bytes < whole;
  return (
    <div className="text-preview" data-testid="text-preview">
      <div className="row muted">
        {partial
          ? `showing the first ${byteSize(preview.bytes)} of ${byteSize(whole)}`
          : `${byteSize(preview.bytes)}`}
        <span className="spacer" />
        {download}
      </div>
      {preview.text === '' ? (
        <div className="muted">The file is empty.</div>
      ) : (
        <pre className="text-preview-body" data-testid="text-preview-body">
          {preview.text}
        </pre>
      )}
    </div>
  );
}
