// How the Backend answers a session's request: checked as every request is, then a far source
// fetches what the answer reads, then the op table answers with the Backend's parts as its
// context; a failure of any step is the response's error, never a throw to the transport.

import type { ApiResponse, RunSummary, StoreInfo } from '../../shared/api/contract.js';
import type { HealthEvent } from '../../shared/api/health.js';
import { parseApiRequest } from '../../shared/api/validate.js';
import type { RunsSource, SourceRun } from '../sources/run-source.js';
import type { ArtifactVerifications } from './artifact-verifications.js';
import { toApiError } from './ops/api-failure.js';
import type { OpContext } from './ops/op-context.js';
import { answerRequest } from './ops/op-table.js';
import type { RunSubscriptions } from './run-subscriptions.js';
import type { HubSession, UnnumberedDelta } from './session-hub.js';

/** The Backend's parts a request's answer reads or tells. */
export interface RequestParts {
  readonly source: RunsSource;
  readonly subscriptions: RunSubscriptions;
  readonly verifications: ArtifactVerifications;
  storeInfo(): StoreInfo;
  listRuns(): RunSummary[];
  summarize(run: SourceRun, summary?: RunSummary): RunSummary;
  healthEvents(): readonly HealthEvent[];
  broadcast(delta: UnnumberedDelta): void;
  /** The run's summary is news; `important` sends it at once rather than throttled. */
  pushSummary(runId: string, important: boolean): void;
}

export type AnswerRequest = (session: HubSession, raw: unknown) => Promise<ApiResponse>;

export function requestAnswerer(parts: RequestParts): AnswerRequest {
  const context = opContext(parts);
  return async (session, raw) => {
    const request = parseApiRequest(raw);
    if ('code' in request) return { ok: false, error: request };
    try {
      // A far store fetches what the answer reads and it does not hold yet; others hold it all.
      await parts.source.prepare?.(request);
      // Most answers are at hand; a verification's comes when its thread is done.
      const result = await answerRequest(context, request, session);
      return { ok: true, result } as ApiResponse;
    } catch (error) {
      return { ok: false, error: toApiError(error) };
    }
  };
}

function opContext(parts: RequestParts): OpContext {
  const { source, subscriptions, verifications } = parts;
  return {
    source,
    verifyArtifact: (name, version) => verifications.verify(name, version),
    cancelVerify: (name) => verifications.cancel(name),
    entry: (runId) => subscriptions.entry(runId),
    withSamples: (runId) => subscriptions.withSamples(runId),
    loggedFile: (runId, path) => subscriptions.loggedFile(runId, path),
    storeInfo: () => parts.storeInfo(),
    listRuns: () => parts.listRuns(),
    summarize: (run, summary) => parts.summarize(run, summary),
    healthEvents: () => parts.healthEvents(),
    subscribe: (session, runIds, withRuns) => subscriptions.subscribe(session, runIds, withRuns),
    written: (run, what) => {
      if (what === 'tags') run.refreshTags();
      else {
        run.refreshNotes();
        parts.broadcast({ type: 'notes-changed', runId: run.id });
      }
      parts.pushSummary(run.id, true);
    },
  };
}
