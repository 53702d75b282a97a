// The worker that holds the page's WebSocket to `serve`: it takes in the socket's frames whatever
// the page's main thread is doing, and hands each over whole, its buffer moved, not copied.
//
// Chromium passes a socket's bytes to its page through a pipe of some 128 KiB, refilled only once
// the thread that holds the socket has read what came: held by the page's main thread, a
// Compare's 5.6 MB of envelopes stalled whenever the page drew or laid out (the host had sent all
// 50 ms before the page had read them), and drawing panels as they came starved the reading.

import type { SocketCommand, SocketEvent } from './socket-messages.js';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SocketCommand>) => void) | null;
  postMessage(message: SocketEvent, transfer?: Transferable[]): void;
};

let socket: WebSocket | null = null;

scope.onmessage = (event) => {
  const command = event.data;
  if (command.type === 'connect') {
    const ws = new WebSocket(command.url);
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = () => scope.postMessage({ type: 'open' });
    ws.onmessage = (message: MessageEvent<ArrayBuffer | string>) => {
      const data = message.data;
      if (typeof data === 'string') return;
      scope.postMessage({ type: 'message', data }, [data]);
    };
    ws.onclose = () => scope.postMessage({ type: 'close' });
  } else if (command.type === 'send') {
    socket?.send(command.frame);
  } else {
    socket?.close();
  }
};
