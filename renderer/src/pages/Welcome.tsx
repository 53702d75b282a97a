// The desktop app's first screen when no store is open: drop a store folder, open one, pick a
// recent one, or explore the demo store.

import { useEffect, useState } from 'react';
import type { DesktopFunctions, OpenStoreResult } from '../../../shared/api/bridge.js';
import { useServices } from '../state/app-context.js';

export function Welcome({ desktop }: { desktop: DesktopFunctions }) {
  const { toast } = useServices();
  const [recent, setRecent] = useState<readonly string[]>([]);
  const [over, setOver] = useState(false);
  useEffect(() => void desktop.recentStores().then(setRecent), [desktop]);

  const report = (result: OpenStoreResult): void => {
    if (!result.ok && !result.cancelled) toast(result.message, 'error');
  };

  return (
    <div
      className="welcome"
      onDragOver={(event) => (event.preventDefault(), setOver(true))}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file !== undefined) void desktop.openDroppedFolder(file).then(report);
      }}
    >
      <div className={`drop-zone stack ${over ? 'over' : ''}`}>
        <img src="./icon.svg" alt="" width={48} height={48} style={{ margin: '0 auto' }} />
        <h2 style={{ margin: 0 }}>Open a munin store</h2>
        <div className="muted">
          Drop a store folder here (the folder that holds runs/ and artifacts/).
        </div>
        <div className="row" style={{ justifyContent: 'center' }}>
          <button
            className="btn primary"
            onClick={() => void desktop.openStoreDialog().then(report)}
          >
            Open store…
          </button>
          <button className="btn" onClick={() => void desktop.openDemoStore().then(report)}>
            Explore the demo store
          </button>
        </div>
        {recent.length > 0 ? (
          <div className="stack" style={{ textAlign: 'left', gap: 4 }}>
            <div className="muted">Recent</div>
            {recent.map((root) => (
              <a
                key={root}
                href="#/"
                className="mono"
                onClick={(event) => (
                  event.preventDefault(),
                  void desktop.openRecent(root).then(report)
                )}
              >
                {root}
              </a>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
