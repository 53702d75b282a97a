// A key's files that are not images: step, size, type, each file's problem when it has one, a
// preview of a text file, a download link, and in the desktop app a way to show it in its folder.

import { useState } from 'react';
import type { LoggedFileInfo } from '../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../shared/api/logged-file-url.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import type { FileGroup } from './file-steps.js';
import { fileName } from './file-steps.js';
import { TextPreview } from './TextPreview.js';
import { useServices } from '../state/app-context.js';

/** Shows the file in the system's file manager: the desktop app's, through the host's safe open. */
function RevealButton({ runId, path }: { runId: string; path: string }) {
  const { bridge, toast } = useServices();
  const desktop = bridge.desktop;
  if (desktop === null) return null;
  return (
    <button
      className="btn small"
      onClick={() =>
        void desktop.revealLoggedFile(runId, path).then((result) => {
          if (!result.ok) toast(`The file cannot be shown: ${result.message}`, 'error');
        })
      }
    >
      Show in folder
    </button>
  );
}

export function FileTable({ runId, group }: { runId: string; group: FileGroup }) {
  // A key of one text file opens it previewed: there is nothing else to choose.
  const [open, setOpen] = useState<string | null>(() => {
    const texts = group.files.filter((f) => f.kind === 'text' && f.problem === null);
    return texts.length === 1 ? texts[0]!.path : null;
  });
  const openFile: LoggedFileInfo | undefined = group.files.find((f) => f.path === open);
  return (
    <div className="stack">
      <table className="stats-table file-table" data-testid="file-table">
        <thead>
          <tr>
            <th>step</th>
            <th>file</th>
            <th>size</th>
            <th>type</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {group.files.map((file) => (
            <tr key={file.path} className={file.path === open ? 'on' : undefined}>
              <td className="mono">{file.step}</td>
              <td className="mono">{fileName(file.path)}</td>
              <td>{file.size === null ? '—' : byteSize(file.size)}</td>
              <td className="mono">{file.contentType}</td>
              <td>
                {file.problem !== null ? (
                  <span className="warn-text" data-testid="file-problem">
                    {file.problem}
                  </span>
                ) : (
                  <span className="row">
                    {file.kind === 'text' ? (
                      <button
                        className="btn small"
                        aria-pressed={file.path === open}
                        onClick={() => setOpen(file.path === open ? null : file.path)}
                        data-testid="file-preview"
                      >
                        {file.path === open ? 'Hide' : 'Preview'}
                      </button>
                    ) : null}
                    <a href={loggedFileUrl(runId, file.path)} download={fileName(file.path)}>
                      Download
                    </a>
                    <RevealButton runId={runId} path={file.path} />
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {openFile !== undefined ? <TextPreview runId={runId} file={openFile} /> : null}
    </div>
  );
}
