// The bridge over `serve`'s WebSocket: one function per Api operation, deltas, reconnection
// with backoff, and a resubscription when the server says it dropped deltas. The page's cookie
// (traded for the launch token) authorises the upgrade.

import type { ApiOp, ApiResponse, Delta } from '../../../shared/api/contract.js';
import type {
  AnswerProgress,
  ApiFunctions,
  ArgsOf,
  MuninBridge,
} from '../../../shared/api/bridge.js';
import { API_OPS } from '../../../shared/api/bridge.js';
import type { TextCodec, WireServerMessage } from '../../../shared/api/wire-codec.js';
import { decodeWireMessage, encodeWireMessage } from '../../../shared/api/wire-codec.js';
import { AnswerAssembly, answerPartBytes } from '../../../shared/api/answer-parts.js';
import type { BridgeSocket } from './bridge-socket.js';
import { OPEN, openBridgeSocket } from './bridge-socket.js';

const textCodec: TextCodec = {
  encode: (text) => new TextEncoder().encode(text),
  decode: (bytes) => new TextDecoder().decode(bytes),
};

interface Pending {
  resolve(response: ApiResponse): void;
}

export function createSocketBridge(
  url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`,
): MuninBridge {
  const deltaListeners = new Set<(delta: Delta) => void>();
  const connectionListeners = new Set<(connected: boolean) => void>();
  const progressListeners = new Set<(progress: AnswerProgress | null) => void>();
  const pending = new Map<number, Pending>();
  const parts = new AnswerAssembly();
  const queue: Uint8Array[] = [];
  let nextId = 1;
  let socket: BridgeSocket | null = null;
  let retryMs = 250;
  let everConnected = false;

  /** Tells how far the answers in parts have come: the page says its data is partial meanwhile. */
  const tellProgress = (): void => {
    const underWay = parts.progress();
    const progress =
      underWay.length === 0
        ? null
        : {
            answers: underWay.length,
            received: underWay.reduce((sum, answer) => sum + answer.received, 0),
            total: underWay.reduce((sum, answer) => sum + answer.total, 0),
          };
    for (const listener of progressListeners) listener(progress);
  };

  const failPending = (message: string): void => {
    for (const [, request] of pending)
      request.resolve({ ok: false, error: { code: 'internal', message } });
    pending.clear();
  };

  const connect = (): void => {
    const ws = openBridgeSocket(url);
    socket = ws;
    ws.onopen = () => {
      retryMs = 250;
      for (const frame of queue.splice(0)) ws.send(frame);
      if (everConnected) for (const listener of connectionListeners) listener(true);
      everConnected = true;
    };
    ws.onmessage = (data: ArrayBuffer) => {
      // The message's buffer is this handler's alone: its arrays are decoded as views of it.
      const frame = new Uint8Array(data);
      let message = decodeWireMessage(frame, textCodec, { owned: true }) as WireServerMessage;
      if (message.type === 'response-part') {
        // An answer too big for a frame, in parts: decoded once the last part has come.
        const whole = parts.take(message, answerPartBytes(frame, message));
        tellProgress();
        if (whole === null) return;
        message = decodeWireMessage(whole, textCodec, { owned: true }) as WireServerMessage;
      }
      if (message.type === 'deltas') {
        for (const delta of message.deltas as Delta[])
          for (const listener of deltaListeners) listener(delta);
      } else if (message.type === 'resync') {
        // Deltas for this page were dropped while it fell behind: it takes a fresh snapshot, as
        // it does when the link comes back.
        for (const listener of connectionListeners) listener(true);
      } else if (message.type === 'response') {
        const request = pending.get(message.id);
        pending.delete(message.id);
        request?.resolve(message.response as ApiResponse);
      }
    };
    ws.onclose = () => {
      socket = null;
      parts.clear();
      tellProgress();
      failPending('the connection to munin-view serve was lost');
      for (const listener of connectionListeners) listener(false);
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };
  connect();

  const call = <Op extends ApiOp>(op: Op, args: ArgsOf<Op>): Promise<ApiResponse<Op>> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (response: ApiResponse) => void });
      const frame = encodeWireMessage({ type: 'request', id, request: { ...args, op } }, textCodec);
      if (socket !== null && socket.readyState === OPEN) socket.send(frame);
      else queue.push(frame);
    });

  const api = Object.fromEntries(
    API_OPS.map((op) => [op, (args: ArgsOf<typeof op>) => call(op, args)]),
  ) as unknown as ApiFunctions;

  return {
    transport: 'web',
    api,
    onDelta(listener) {
      deltaListeners.add(listener);
      return () => deltaListeners.delete(listener);
    },
    onConnectionChange(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    onAnswerProgress(listener) {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    desktop: null,
  };
}
