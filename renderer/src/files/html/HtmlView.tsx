// A logged HTML file in a sandboxed frame (no script, no form, nothing loaded from anywhere: the
// frame's sandbox and the file's own CSP both say so), or its source, the user's choice.

import { useState } from 'react';
import type { LoggedFileInfo } from '../../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../../shared/api/logged-file-url.js';
import { SourceToggle } from '../SourceToggle.js';
import { TextPreview } from '../TextPreview.js';
import '../files.css';

export function HtmlView({ runId, file }: { runId: string; file: LoggedFileInfo }) {
  const [source, setSource] = useState(false);
  return (
    <div className="stack" data-testid="html-view">
      <div className="row">
        <SourceToggle source={source} onSource={setSource} renderedLabel="Page" />
        <span className="muted">
          {source
            ? 'The file as written.'
            : 'Shown in a sandbox: its scripts do not run, and it loads nothing from the network.'}
        </span>
      </div>
      {source ? (
        <TextPreview runId={runId} file={file} />
      ) : (
        <iframe
          className="html-frame"
          // No allow-* token: scripts, forms, popups and navigation of the app are all off.
          sandbox=""
          src={loggedFileUrl(runId, file.path)}
          title={`${file.key} at step ${file.step}`}
          referrerPolicy="no-referrer"
          data-testid="html-frame"
        />
      )}
    </div>
  );
}
