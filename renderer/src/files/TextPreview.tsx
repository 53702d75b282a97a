// A text file's first bytes, read as a stream and cut at the preview's limit, with how much of
// the file that is and where its bytes stop being UTF-8.

import type { LoggedFileInfo } from '../../../shared/api/contract.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import { PREVIEW_LIMIT } from './read-limited.js';
import type { FileText } from './use-file-text.js';
import { useFileText } from './use-file-text.js';

/** Says when the preview shows only the file's first part (the download has the whole). */
export function PreviewExtent(props: {
  file: LoggedFileInfo;
  shown: Extract<FileText, { state: 'shown' }>;
}) {
  const { file, shown } = props;
  const whole = file.size ?? shown.bytes;
  if (!shown.cut && shown.bytes >= whole) return null;
  return (
    <div className="muted" data-testid="text-extent">
      Showing the first {byteSize(shown.bytes)} of {byteSize(whole)}; download the file for the
      whole of it.
    </div>
  );
}

/** Says where a text stops being UTF-8, when it does. */
export function InvalidUtf8Note({ at }: { at: number }) {
  if (at < 0) return null;
  return (
    <div className="warn-box" data-testid="text-invalid-utf8">
      The file is not valid UTF-8 from byte {at.toLocaleString('en')}: bytes that are not are shown
      as �.
    </div>
  );
}

export function TextPreview({ runId, file }: { runId: string; file: LoggedFileInfo }) {
  const preview = useFileText(runId, file, PREVIEW_LIMIT);
  if (preview.state === 'loading') return <div className="spinner" />;
  if (preview.state === 'failed') {
    return (
      <div className="error-box" data-testid="text-preview-error">
        Could not read the file: {preview.message}
      </div>
    );
  }
  return (
    <div className="text-preview" data-testid="text-preview">
      <PreviewExtent file={file} shown={preview} />
      <InvalidUtf8Note at={preview.invalidAt} />
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
