// One logged file shown as what it is: an image, an audio or video player, a table, rendered
// Markdown, an HTML page in a sandbox, text, or for any other kind its size and a download. A
// file the host cannot serve says why instead.

import type { LoggedFileInfo } from '../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../shared/api/logged-file-url.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import { AudioView } from './audio/AudioView.js';
import { fileName } from './file-steps.js';
import { HtmlView } from './html/HtmlView.js';
import { LoggedImage } from './LoggedImage.js';
import { MarkdownView } from './markdown/MarkdownView.js';
import { TableView } from './table/TableView.js';
import { TextPreview } from './TextPreview.js';
import { VideoView } from './video/VideoView.js';

function OtherFile({ runId, file }: { runId: string; file: LoggedFileInfo }) {
  return (
    <div className="muted" data-testid="other-file">
      No preview for {file.contentType} files{file.size === null ? '' : ` (${byteSize(file.size)})`}
      :{' '}
      <a href={loggedFileUrl(runId, file.path)} download={fileName(file.path)}>
        download {fileName(file.path)}
      </a>
      .
    </div>
  );
}

export function LoggedFileView(props: {
  runId: string;
  file: LoggedFileInfo;
  /** The run's logged files: a table's cells and Markdown's images that name one show it. */
  files: readonly LoggedFileInfo[];
  testId?: string;
}) {
  const { runId, file, files } = props;
  if (file.problem !== null && file.kind !== 'image')
    return (
      <div className="warn-box" data-testid="file-problem">
        The file cannot be read: {file.problem}
      </div>
    );
  // Keyed by path: a player, a table or a frame of one file never shows another's state.
  switch (file.kind) {
    case 'image':
      return (
        <LoggedImage runId={runId} file={file} zoom="fit" testId={props.testId ?? 'image-shown'} />
      );
    case 'audio':
      return <AudioView key={file.path} runId={runId} file={file} />;
    case 'video':
      return <VideoView key={file.path} runId={runId} file={file} />;
    case 'table':
      return <TableView key={file.path} runId={runId} file={file} files={files} />;
    case 'markdown':
      return <MarkdownView key={file.path} runId={runId} file={file} files={files} />;
    case 'html':
      return <HtmlView key={file.path} runId={runId} file={file} />;
    case 'text':
      return <TextPreview key={file.path} runId={runId} file={file} />;
    case 'other':
      return <OtherFile runId={runId} file={file} />;
  }
}
