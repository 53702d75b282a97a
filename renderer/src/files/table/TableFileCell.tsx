// A table cell that names a file the run logged, shown as that file: an image as a thumbnail
// (an <img> of its address, never inlined), any other file as a link that downloads it.

import type { LoggedFileKind } from '../../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../../shared/api/logged-file-url.js';
import { fileName } from '../file-steps.js';

export function TableFileCell(props: { runId: string; path: string; kind: LoggedFileKind }) {
  const url = loggedFileUrl(props.runId, props.path);
  if (props.kind === 'image') {
    return (
      <span className="vt-file" title={props.path}>
        <img src={url} alt={props.path} loading="lazy" data-testid="table-image" />
      </span>
    );
  }
  return (
    <a className="vt-file-link" href={url} download={fileName(props.path)} title={props.path}>
      {props.path}
    </a>
  );
}
