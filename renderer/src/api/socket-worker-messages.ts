// What the page and the WebSocket worker (socket-worker.ts) tell each other.

export type WorkerCommand =
  | { readonly kind: 'connect'; readonly url: string }
  | { readonly kind: 'send'; readonly frame: Uint8Array };

export type WorkerEvent =
  | { readonly kind: 'open' }
  | { readonly kind: 'message'; readonly data: ArrayBuffer }
  | { readonly kind: 'close' };
