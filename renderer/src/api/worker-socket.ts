// The page's handle on `serve`'s WebSocket when a worker holds it (socket-worker.ts): the same
// face the bridge uses of a WebSocket, so that taking in a Compare's megabytes costs the page's
// main thread nothing; a plain WebSocket where workers cannot run.

import type { WorkerCommand, WorkerEvent } from './socket-worker-messages.js';

/** What the socket bridge uses of a WebSocket. */
export interface PageSocket {
  readonly readyState: number;
  onopen: (() => void) | null;
  onmessage: ((event: { readonly data: ArrayBuffer }) => void) | null;
  onclose: (() => void) | null;
  send(frame: Uint8Array): void;
}

const CONNECTING = 0;
/** A PageSocket's readyState once it is open, as WebSocket.OPEN. */
export const SOCKET_OPEN = 1;
const CLOSED = 3;

// Set once a worker failed to start (a policy, or a browser without module workers): the
// connections after it take a plain WebSocket.
let workerFailed = false;

/** A WebSocket held by a worker of its own, which ends with the connection. */
export class WorkerSocket implements PageSocket {
  readyState = CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((event: { readonly data: ArrayBuffer }) => void) | null = null;
  onclose: (() => void) | null = null;
  private readonly worker: Worker;

  constructor(url: string) {
    this.worker = new Worker(new URL('./socket-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<WorkerEvent>) => {
      const told = event.data;
      if (told.kind === 'open') {
        this.readyState = SOCKET_OPEN;
        this.onopen?.();
      } else if (told.kind === 'message') this.onmessage?.({ data: told.data });
      else this.closed();
    };
    this.worker.onerror = (event) => {
      // A worker that cannot run says so before it opens; the bridge connects again, directly.
      event.preventDefault();
      if (this.readyState === CONNECTING) workerFailed = true;
      this.closed();
    };
    this.tell({ kind: 'connect', url });
  }

  send(frame: Uint8Array): void {
    this.tell({ kind: 'send', frame });
  }

  private tell(command: WorkerCommand): void {
    this.worker.postMessage(command);
  }

  private closed(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.worker.terminate();
    this.onclose?.();
  }
}

/** A connection to url: held by a worker where one can run, else a WebSocket of the page's. */
export function openSocket(url: string): PageSocket {
  if (!workerFailed && typeof Worker !== 'undefined') return new WorkerSocket(url);
  const ws = new WebSocket(url);
  ws.binaryType = 'arraybuffer';
  return ws as unknown as PageSocket;
}
