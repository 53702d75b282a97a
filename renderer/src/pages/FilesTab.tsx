// A run's Files tab: the files it logged, grouped by key, each key with a step slider over the
// steps it logged; an image key shows its image and thumbnails, every other key its file at the
// step as what it is (a player, a table, rendered Markdown, a page, text) and a list of its files.

import { useEffect, useMemo, useRef } from 'react';
import type { FilesFocus } from '../state/route.js';
import { groupFiles } from '../files/file-steps.js';
import { useLoggedFiles } from '../files/use-logged-files.js';
import { ImageKeyView } from '../files/ImageKeyView.js';
import { FileKeyView } from '../files/FileKeyView.js';
import { byteSize } from '../../../shared/format/byte-size.js';

export function FilesTab(props: {
  runId: string;
  startTime: number | null;
  focus: FilesFocus | undefined;
}) {
  const { runId, startTime, focus } = props;
  const runIds = useMemo(() => [runId], [runId]);
  const listed = useLoggedFiles(runIds);
  const files = listed.files.get(runId);
  const error = listed.errors.get(runId);
  const groups = useMemo(() => (files === undefined ? [] : groupFiles(files)), [files]);
  // A link names a key, or only a step: then the first image key (else the first key) opens at it.
  const focusKey =
    focus?.key ??
    (focus?.step != null ? (groups.find((g) => g.kind === 'image') ?? groups[0])?.key : undefined);

  const page = useRef<HTMLDivElement>(null);
  const focusedGroup = groups.some((g) => g.key === focusKey) ? focusKey : undefined;
  useEffect(() => {
    if (focusedGroup === undefined) return;
    page.current
      ?.querySelector(`[data-key="${CSS.escape(focusedGroup)}"]`)
      ?.scrollIntoView({ block: 'start' });
  }, [focusedGroup, focus]);

  if (error !== undefined && files === undefined) {
    return <div className="error-box">Could not list the run’s files: {error}</div>;
  }
  if (files === undefined) return <div className="spinner" />;
  if (files.length === 0) {
    return (
      <div className="empty-state" data-testid="files-empty">
        <h2>No files</h2>
        <div>
          This run logged no files. Images, audio, video, tables, reports and other files it logs
          are shown here.
        </div>
      </div>
    );
  }
  return (
    <div className="stack" ref={page} data-testid="files-tab">
      {error !== undefined ? (
        <div className="warn-box">The newest list of files could not be read: {error}</div>
      ) : null}
      {groups.map((group) => {
        const bytes = group.files.reduce((sum, file) => sum + (file.size ?? 0), 0);
        return (
          <div className="card" key={group.key} data-key={group.key} data-testid="file-group">
            <h3>
              <span className="mono file-key">{group.key}</span>
              <span className="muted file-count">
                {group.files.length} file{group.files.length === 1 ? '' : 's'} · {byteSize(bytes)}
              </span>
            </h3>
            <div className="body">
              {group.kind === 'image' ? (
                <ImageKeyView
                  runId={runId}
                  group={group}
                  startTime={startTime}
                  initialStep={group.key === focusKey ? (focus?.step ?? null) : null}
                />
              ) : (
                <FileKeyView
                  runId={runId}
                  group={group}
                  files={files}
                  startTime={startTime}
                  initialStep={group.key === focusKey ? (focus?.step ?? null) : null}
                />
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
