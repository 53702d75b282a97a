// The clients of a Backend: for each, the runs it follows and the sequence number of its deltas;
// a delta goes to every session or to those following its run, and a session's deltas of one
// turn of the event loop are pushed together, as one message.

import type { Delta } from '../../shared/api/contract.js';

/** A client as the hub keeps it: one window or one WebSocket. */
export interface HubSession {
  readonly push: (deltas: readonly Delta[]) => void;
  /** The number of the last delta made for it; a snapshot tells the client where it stands. */
  seq: number;
  followed: ReadonlySet<string>;
  /** Deltas of this turn of the event loop, pushed together once it ends. */
  queued: Delta[];
}

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A delta as a Backend makes it: the hub numbers it for each session. */
export type UnnumberedDelta = DistributiveOmit<Delta, 'seq'>;

export class SessionHub {
  private readonly sessions = new Set<HubSession>();

  add(push: (deltas: readonly Delta[]) => void): HubSession {
    const session: HubSession = { push, seq: 0, followed: new Set(), queued: [] };
    this.sessions.add(session);
    return session;
  }

  remove(session: HubSession): void {
    this.sessions.delete(session);
  }

  clear(): void {
    this.sessions.clear();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** True when some session follows the run. */
  followed(runId: string): boolean {
    for (const session of this.sessions) if (session.followed.has(runId)) return true;
    return false;
  }

  /** Sends a delta to every session, or only to those following runId. */
  broadcast(delta: UnnumberedDelta, runId?: string): void {
    for (const session of this.sessions) {
      if (runId !== undefined && !session.followed.has(runId)) continue;
      session.seq++;
      if (session.queued.length === 0) {
        // A microtask: after this turn's synchronous work and before any response it awaits,
        // so that a response never overtakes the deltas made before it.
        queueMicrotask(() => {
          const deltas = session.queued;
          session.queued = [];
          if (this.sessions.has(session)) session.push(deltas);
        });
      }
      session.queued.push({ ...delta, seq: session.seq } as Delta);
    }
  }
}
