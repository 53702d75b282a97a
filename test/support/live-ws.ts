// A WebSocket client of `serve`: wire-codec frames, requests by id, deltas with arrival times.

import WebSocket from 'ws';
import type { ApiRequest, ApiResponse, ApiResults, Delta } from '../../shared/api/contract.js';
import { decodeWireMessage, encodeWireMessage } from '../../shared/api/wire-codec.js';
import { nodeTextCodec } from '../../electron/host/serve.js';

/** The wall clock in milliseconds, comparable across processes of one machine. */
export const wallClock = (): number => performance.timeOrigin + performance.now();

export class WsClient {
  private nextId = 1;
  private readonly waiting = new Map<number, (response: ApiResponse) => void>();

  private constructor(
    private readonly socket: WebSocket,
    onDelta: (delta: Delta, arrived: number) => void,
  ) {
    socket.on('message', (data: Buffer) => {
      const arrived = wallClock();
      const message = decodeWireMessage(data, nodeTextCodec) as
        | { type: 'response'; id: number; response: ApiResponse }
        | { type: 'deltas'; deltas: Delta[] };
      if (message.type === 'deltas') {
        for (const delta of message.deltas) onDelta(delta, arrived);
      } else {
        const resolve = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        resolve?.(message.response);
      }
    });
  }

  /** Connects to `serve` at port with the token. */
  static connect(
    port: number,
    token: string,
    onDelta: (delta: Delta, arrived: number) => void = () => {},
  ): Promise<WsClient> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new WsClient(socket, onDelta)));
      socket.once('error', reject);
    });
  }

  request(request: unknown): Promise<ApiResponse> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.socket.send(encodeWireMessage({ type: 'request', id, request }, nodeTextCodec));
    });
  }

  async ok<Op extends ApiRequest['op']>(
    request: Extract<ApiRequest, { op: Op }>,
  ): Promise<ApiResults[Op]> {
    const response = await this.request(request);
    if (!response.ok)
      throw new Error(`${request.op}: ${response.error.code} ${response.error.message}`);
    return response.result as ApiResults[Op];
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
