// A WebSocket of the page's kind for tests of the socket bridge and the store state: it opens,
// records what the page sends and delivers the server's messages when the test says.

import { afterEach, beforeEach } from 'vitest';
import { nodeTextCodec } from '../../electron/host/serve.js';
import type { WireServerMessage } from '../../shared/api/wire-codec.js';
import { decodeWireMessage, encodeWireMessage } from '../../shared/api/wire-codec.js';

/** A WebSocket of the page's kind, driven by the test: it opens and delivers when told. */
export class ScriptedSocket {
  static readonly OPEN = 1;
  static made: ScriptedSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly requests: {
    id: number;
    request: { op: string; runIds?: string[]; withRuns?: boolean };
  }[] = [];

  constructor(readonly url: string) {
    ScriptedSocket.made.push(this);
  }

  send(frame: Uint8Array): void {
    this.requests.push(decodeWireMessage(frame, nodeTextCodec) as ScriptedSocket['requests'][0]);
  }

  open(): void {
    this.readyState = ScriptedSocket.OPEN;
    this.onopen?.();
  }

  /** Answers the request numbered id with result, as the server's success. */
  reply(id: number, result: unknown): void {
    this.deliver({ type: 'response', id, response: { ok: true, result } } as WireServerMessage);
  }

  deliver(message: WireServerMessage): void {
    const frame = encodeWireMessage(message, nodeTextCodec);
    this.onmessage?.({ data: frame.slice().buffer });
  }
}

const globals = globalThis as Record<string, unknown>;

/** Puts `fake` in the page's global `name` for each test of the describe that calls this. */
export function usePageGlobal(name: string, fake: unknown, reset: () => void): void {
  const saved = globals[name];
  beforeEach(() => {
    globals[name] = fake;
  });
  afterEach(() => {
    globals[name] = saved;
    reset();
  });
}

/** Puts ScriptedSocket in the page's place for each test of the describe that calls this. */
export function useScriptedSockets(): void {
  usePageGlobal('WebSocket', ScriptedSocket, () => (ScriptedSocket.made = []));
}
