// The worker that holds `serve`'s WebSocket, so that taking in its messages (a Compare's 7 MB)
// costs the page's main thread nothing: each message's buffer is handed to the page whole,
// transferred, not copied. The page's bridge (socket-bridge.ts) keeps every other concern.

import type { WorkerCommand, WorkerEvent } from './socket-worker-messages.js';

interface WorkerScope {
  postMessage(message: WorkerEvent, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerCommand>) => void) | null;
}
const scope = self as unknown as WorkerScope;

let socket: WebSocket | null = null;

scope.onmessage = (event) => {
  const command = event.data;
  if (command.kind === 'connect') {
    const ws = new WebSocket(command.url);
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = () => scope.postMessage({ kind: 'open' });
    ws.onmessage = (message: MessageEvent<ArrayBuffer>) =>
      scope.postMessage({ kind: 'message', data: message.data }, [message.data]);
    ws.onclose = () => {
      if (socket === ws) socket = null;
      scope.postMessage({ kind: 'close' });
    };
  } else if (command.kind === 'send') socket?.send(command.frame);
};
