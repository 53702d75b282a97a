// The page's side of the table worker: one worker for the page, started on the first table,
// each request answered by id; a worker that fails to start or dies fails what it was asked.

import type { TableAnswers, TableMessage, TableReply, TableRequest } from './table-types.js';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

class TableClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor() {
    // Vite builds the worker into a file of its own beside the page: 'self' in the CSP covers it.
    this.worker = new Worker(new URL('./table-worker.ts', import.meta.url), {
      type: 'module',
      name: 'tables',
    });
    this.worker.onmessage = (event: MessageEvent<TableReply>) => {
      const reply = event.data;
      const pending = this.pending.get(reply.id);
      if (pending === undefined) return;
      this.pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(new Error(reply.message));
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.failAll(`the table reader stopped: ${event.message || 'it could not start'}`);
    };
  }

  private failAll(message: string): void {
    for (const pending of this.pending.values()) pending.reject(new Error(message));
    this.pending.clear();
    client = null;
    this.worker.terminate();
  }

  request<Request extends TableRequest>(request: Request): Promise<TableAnswers[Request['op']]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const message: TableMessage = { id, request };
      this.worker.postMessage(message);
    });
  }
}

let client: TableClient | null = null;

/** The page's table worker, started when first asked for. */
export function tableClient(): TableClient {
  client ??= new TableClient();
  return client;
}

export type { TableClient };
