// A WebSocket client of a `munin-view serve` child for the hostile tests: it can stop reading
// (its socket paused, so what the server sends piles up on the server's side) and it keeps every
// message the server sends, of whatever type (an answer sent in parts, put together, too).

import WebSocket from 'ws';
import { nodeTextCodec } from '../../electron/host/serve.js';
import type { ApiResponse } from '../../shared/api/contract.js';
import { decodeWireMessage, encodeWireMessage } from '../../shared/api/wire-codec.js';
import type { AnswerPartHeader } from '../../shared/api/answer-parts.js';
import { AnswerAssembly, answerPartBytes } from '../../shared/api/answer-parts.js';

export interface ServerMessage {
  readonly type: string;
  readonly id?: number;
  readonly response?: ApiResponse;
  readonly deltas?: readonly { readonly seq: number; readonly type: string }[];
}

export class ServeClient {
  readonly messages: ServerMessage[] = [];
  /** The size of each message's frame, in bytes. */
  readonly frameBytes: number[] = [];
  closed: { code: number; reason: string } | null = null;
  private nextId = 1;
  private readonly waiters = new Set<() => void>();
  private readonly parts = new AnswerAssembly();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const message = decodeWireMessage(data, nodeTextCodec) as ServerMessage;
      this.messages.push(message);
      this.frameBytes.push(data.length);
      if (message.type === 'response-part') {
        const header = message as unknown as AnswerPartHeader;
        const whole = this.parts.take(header, answerPartBytes(data, header));
        // The answer put together follows its last part; it came in no frame of its own.
        if (whole !== null) {
          this.messages.push(decodeWireMessage(whole, nodeTextCodec) as ServerMessage);
          this.frameBytes.push(0);
        }
      }
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString('utf8') };
      this.wake();
    });
  }

  /** Connects with the launch token, as a script would (no browser cookie). */
  static open(url: URL, token: string): Promise<ServeClient> {
    const ws = new WebSocket(`ws://${url.host}/api/ws`, {
      headers: { Authorization: `Bearer ${token}` },
      handshakeTimeout: 10_000,
    });
    return new Promise((done, fail) => {
      ws.once('open', () => done(new ServeClient(ws)));
      ws.once('error', fail);
    });
  }

  /** Stops reading: the kernel's buffers fill, then the server's. */
  pause(): void {
    this.ws.pause();
  }

  resume(): void {
    this.ws.resume();
  }

  /** Sends a request with a fresh id, whether or not the client reads; returns the id. */
  send(request: unknown): number {
    const id = this.nextId++;
    this.ws.send(encodeWireMessage({ type: 'request', id, request }, nodeTextCodec));
    return id;
  }

  response(id: number, timeoutMs = 30_000): Promise<ApiResponse> {
    return this.waitFor(
      () => this.messages.find((m) => m.type === 'response' && m.id === id)?.response,
      `the response to ${id}`,
      timeoutMs,
    );
  }

  request(request: unknown, timeoutMs?: number): Promise<ApiResponse> {
    return this.response(this.send(request), timeoutMs);
  }

  /** The result of a request that must succeed. */
  async ok<T>(request: unknown, timeoutMs?: number): Promise<T> {
    const response = await this.request(request, timeoutMs);
    if (!response.ok) throw new Error(`${response.error.code}: ${response.error.message}`);
    return response.result as T;
  }

  /** Waits until test gives a value, at most timeoutMs: a bound that catches a hang. */
  waitFor<T>(test: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
    const now = test();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((done, fail) => {
      const wake = (): void => {
        const value = test();
        if (value !== undefined) {
          this.waiters.delete(wake);
          clearTimeout(timer);
          done(value);
        } else if (this.closed !== null) {
          this.waiters.delete(wake);
          clearTimeout(timer);
          fail(new Error(`the socket closed (${this.closed.code}) while waiting for ${what}`));
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        fail(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      this.waiters.add(wake);
    });
  }

  close(): void {
    this.ws.terminate();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
