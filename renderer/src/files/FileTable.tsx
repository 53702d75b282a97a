// A key's files as a list: step, file, size, type, each file's problem when it has one, a way to
// show it above, a download link, and in the desktop app a way to show it in its folder.

import type { LoggedFileInfo } from '../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../shared/api/logged-file-url.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import type { FileGroup } from './file-steps.js';
import { fileName } from './file-steps.js';
import { useServices } from '../state/app-context.js';

/** Shows the file in the system's file manager: the desktop app's, through the host's safe open. */
export function RevealButton({ runId, path }: { runId: string; path: string }) {
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

export function FileTable(props: {
  runId: string;
  group: FileGroup;
  /** The file shown above the list. */
  shown: string | null;
  onShow: (file: LoggedFileInfo) => void;
}) {
  const { runId, group, shown } = props;
  return (
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
          <tr key={file.path} className={file.path === shown ? 'on' : undefined}>
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
                  <button
                    className="btn small"
                    aria-pressed={file.path === shown}
                    disabled={file.path === shown}
                    onClick={() => props.onShow(file)}
                    data-testid="file-show"
                  >
                    {file.path === shown ? 'Shown' : 'Show'}
                  </button>
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
  );
}
