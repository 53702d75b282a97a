// In the desktop app with runs open: what a drop on the window does (open what was dropped
// instead, or add it beside the open runs so a Compare can mix them), and the top bar's button
// that adds a stream. The web transport has no desktop functions, and none of this.

import type { DragEvent, ReactNode } from 'react';
import { useState } from 'react';
import type { DesktopFunctions, OpenStoreResult } from '../../../shared/api/bridge.js';
import { useServices } from '../state/app-context.js';

export function DropTarget({
  desktop,
  children,
}: {
  desktop: DesktopFunctions | null;
  children: ReactNode;
}) {
  const { toast } = useServices();
  const [dropped, setDropped] = useState<File | null>(null);
  const report = (result: OpenStoreResult): void => {
    if (!result.ok && !result.cancelled) toast(result.message, 'error');
  };
  if (desktop === null) return <div className="app">{children}</div>;
  const onDragOver = (event: DragEvent): void => {
    if (event.dataTransfer.types.includes('Files')) event.preventDefault();
  };
  const onDrop = (event: DragEvent): void => {
    const file = event.dataTransfer.files[0];
    if (file === undefined) return;
    event.preventDefault();
    setDropped(file);
  };
  const act = (how: 'open' | 'add'): void => {
    const file = dropped;
    setDropped(null);
    if (file === null) return;
    void (how === 'open' ? desktop.openDroppedFolder(file) : desktop.addDropped(file)).then(report);
  };
  return (
    <div className="app" onDragOver={onDragOver} onDrop={onDrop}>
      {children}
      {dropped !== null ? (
        <div className="drop-choice" data-testid="drop-choice" onClick={() => setDropped(null)}>
          <div
            className="card stack"
            style={{ padding: 16, maxWidth: 460 }}
            onClick={(e) => e.stopPropagation()}
          >
            <h3 style={{ margin: 0 }}>Open {dropped.name}</h3>
            <div className="muted">
              Runs are open now. Open what you dropped in their place, or add it beside them (a
              store, a .jsonl event stream or a folder of them), so that Compare can mix them.
            </div>
            <div className="row">
              <button className="btn primary" onClick={() => act('add')} data-testid="drop-add">
                Add beside the open runs
              </button>
              <button className="btn" onClick={() => act('open')} data-testid="drop-open">
                Open instead
              </button>
              <span className="spacer" />
              <button className="btn ghost" onClick={() => setDropped(null)}>
                Cancel
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The top bar's button that adds a .jsonl event stream beside the open runs. */
export function AddStreamButton({ desktop }: { desktop: DesktopFunctions | null }) {
  const { toast } = useServices();
  if (desktop === null) return null;
  return (
    <button
      className="btn small"
      title="Add a .jsonl event stream beside the open runs (or drop a file or folder on the window)"
      onClick={() =>
        void desktop.addStreamDialog().then((result) => {
          if (!result.ok && !result.cancelled) toast(result.message, 'error');
        })
      }
      data-testid="add-stream"
    >
      + Add stream…
    </button>
  );
}
