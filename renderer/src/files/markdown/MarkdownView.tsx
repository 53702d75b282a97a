// A logged Markdown file rendered (raw HTML in it shown as text, links opened outside the app
// only through its check, images from the run's own files), or its source, the user's choice.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { LoggedFileInfo } from '../../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../../shared/api/logged-file-url.js';
import { useFileText } from '../use-file-text.js';
import { InvalidUtf8Note, PreviewExtent } from '../TextPreview.js';
import { SourceToggle } from '../SourceToggle.js';
import { markdownFragment } from './markdown-fragment.js';
import { pathInRun } from './path-in-run.js';
import '../files.css';

/** Markdown read at most: a report, not a book; the rest downloads. */
const MARKDOWN_LIMIT = 1 << 20;

function RenderedMarkdown(props: {
  source: string;
  runId: string;
  file: LoggedFileInfo;
  files: readonly LoggedFileInfo[];
}) {
  const { source, runId, file, files } = props;
  const target = useRef<HTMLDivElement>(null);
  const images = useMemo(
    () => new Set(files.filter((f) => f.kind === 'image' && f.problem === null).map((f) => f.path)),
    [files],
  );
  useEffect(() => {
    const fragment = markdownFragment(source, {
      imageUrl: (path) => {
        const inRun = pathInRun(file.path, path);
        return inRun !== null && images.has(inRun) ? loggedFileUrl(runId, inRun) : null;
      },
    });
    target.current?.replaceChildren(fragment);
  }, [source, runId, file.path, images]);
  return <div className="markdown-body" ref={target} data-testid="markdown-body" />;
}

export function MarkdownView(props: {
  runId: string;
  file: LoggedFileInfo;
  files: readonly LoggedFileInfo[];
}) {
  const text = useFileText(props.runId, props.file, MARKDOWN_LIMIT);
  const [source, setSource] = useState(false);
  if (text.state === 'loading') return <div className="spinner" />;
  if (text.state === 'failed')
    return (
      <div className="error-box" data-testid="text-preview-error">
        Could not read the file: {text.message}
      </div>
    );
  return (
    <div className="text-preview" data-testid="markdown-view">
      <div className="row">
        <SourceToggle source={source} onSource={setSource} renderedLabel="Rendered" />
        <span className="spacer" />
      </div>
      <PreviewExtent file={props.file} shown={text} />
      <InvalidUtf8Note at={text.invalidAt} />
      {text.text === '' ? (
        <div className="muted">The file is empty.</div>
      ) : source ? (
        <pre className="text-preview-body" data-testid="text-preview-body">
          {text.text}
        </pre>
      ) : (
        <RenderedMarkdown
          source={text.text}
          runId={props.runId}
          file={props.file}
          files={props.files}
        />
      )}
    </div>
  );
}
