// The desktop app's Open Remote Store dialog: an ssh:// address and the command that runs
// munin-view on that machine, handed to main, which checks them (and asks to confirm a command
// that is not the default) and opens the store beside the runs open now.

import { useState } from 'react';
import type { DesktopFunctions } from '../../../shared/api/bridge.js';
import './remote.css';

export function RemoteStoreDialog({
  desktop,
  onClose,
  onFailed,
}: {
  desktop: DesktopFunctions;
  onClose: () => void;
  onFailed: (message: string) => void;
}) {
  const [address, setAddress] = useState('ssh://');
  const [command, setCommand] = useState('');
  const [opening, setOpening] = useState(false);
  const open = (): void => {
    setOpening(true);
    void desktop
      .addRemoteStore(address.trim(), command.trim())
      .then((result) => {
        if (result.ok || result.cancelled) onClose();
        else onFailed(result.message);
      })
      .finally(() => setOpening(false));
  };
  return (
    <div className="modal-backdrop" onClick={onClose} data-testid="remote-dialog">
      <form
        className="modal stack remote-dialog"
        onClick={(event) => event.stopPropagation()}
        onSubmit={(event) => (event.preventDefault(), open())}
      >
        <header>
          <strong>Open Remote Store</strong>
        </header>
        <label className="stack">
          <span>Address</span>
          <input
            autoFocus
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder="ssh://user@host/path/to/store"
            spellCheck={false}
            data-testid="remote-address"
          />
        </label>
        <label className="stack">
          <span>Remote command</span>
          <input
            value={command}
            onChange={(event) => setCommand(event.target.value)}
            placeholder="munin-view"
            spellCheck={false}
            data-testid="remote-command"
          />
        </label>
        <div className="muted modal-note">
          Your own ssh reaches the machine (its ~/.ssh/config, keys and agent), without asking for a
          password: a key must be loaded. The store opens beside the runs open now.
        </div>
        <div className="row">
          <span className="spacer" />
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button className="btn primary" disabled={opening} data-testid="remote-open">
            {opening ? 'Connecting…' : 'Open'}
          </button>
        </div>
      </form>
    </div>
  );
}
