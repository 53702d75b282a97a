// The socket the web bridge talks to `serve` through: a WebSocket held by a worker (see
// socket-worker.ts), or, where no worker can be started, one held by the page itself.

import type { SocketCommand, SocketEvent } from './socket-messages.js';

/** What the bridge uses of a socket: binary frames in and out, opened and closed. */
export interface BridgeSocket {
  /** WebSocket's own numbers: CONNECTING 0, OPEN 1, CLOSED 3. */
  readonly readyState: number;
  onopen: (() => void) | null;
  onmessage: ((data: ArrayBuffer) => void) | null;
  onclose: (() => void) | null;
  send(frame: Uint8Array): void;
  close(): void;
}

const CONNECTING = 0;
/** WebSocket's number for an open socket, as readyState tells it. */
export const OPEN = 1;
const CLOSED = 3;

/** Set once a worker failed to start: later sockets are the page's own. */
let workersFail = typeof Worker === 'undefined';

/** A socket to url, held by a worker where one starts. */
export function openBridgeSocket(url: string): BridgeSocket {
  return workersFail ? new PageSocket(url) : new WorkerSocket(url);
}

/** A WebSocket on the page's own thread. */
class PageSocket implements BridgeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((data: ArrayBuffer) => void) | null = null;
  onclose: (() => void) | null = null;
  private readonly ws: WebSocket;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.binaryType = 'arraybuffer';
    this.ws.onopen = () => this.onopen?.();
    this.ws.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      if (typeof event.data !== 'string') this.onmessage?.(event.data);
    };
    this.ws.onclose = () => this.onclose?.();
  }

  get readyState(): number {
    return this.ws.readyState;
  }

  send(frame: Uint8Array): void {
    this.ws.send(frame);
  }

  close(): void {
    this.ws.close();
  }
}

/**
 * A WebSocket held by a worker of its own. A worker that cannot start (a policy forbids it) is
 * told as a close before opening, and from then on sockets are the page's own.
 */
class WorkerSocket implements BridgeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((data: ArrayBuffer) => void) | null = null;
  onclose: (() => void) | null = null;
  readyState = CONNECTING;
  private readonly worker: Worker;

  constructor(url: string) {
    // Vite builds the worker into a file of its own beside the page: 'self' in the CSP covers it.
    this.worker = new Worker(new URL('./socket-worker.ts', import.meta.url), {
      type: 'module',
      name: 'socket',
    });
    this.worker.onmessage = (event: MessageEvent<SocketEvent>) => {
      const message = event.data;
      if (message.type === 'message') this.onmessage?.(message.data);
      else if (message.type === 'open') {
        this.readyState = OPEN;
        this.onopen?.();
      } else this.closed();
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      if (this.readyState === CONNECTING) workersFail = true;
      this.closed();
    };
    this.command({ type: 'connect', url });
  }

  send(frame: Uint8Array): void {
    if (this.readyState === OPEN) this.command({ type: 'send', frame });
  }

  close(): void {
    this.command({ type: 'close' });
  }

  private command(command: SocketCommand): void {
    this.worker.postMessage(command);
  }

  /** Told once: the socket closed, or the worker stopped. */
  private closed(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.worker.terminate();
    this.onclose?.();
  }
}
