// What the page and the socket worker (socket-worker.ts) tell each other.

/** The page to the worker: open the socket, send a frame, close it. */
export type SocketCommand =
  | { readonly type: 'connect'; readonly url: string }
  | { readonly type: 'send'; readonly frame: Uint8Array }
  | { readonly type: 'close' };

/** The worker to the page: the socket opened, a binary frame came (its buffer moved), it closed. */
export type SocketEvent =
  | { readonly type: 'open' }
  | { readonly type: 'message'; readonly data: ArrayBuffer }
  | { readonly type: 'close' };
