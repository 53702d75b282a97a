// A munin store (or streams) on another machine as a source of runs: `munin-view serve --stdio`
// run there through ssh, its runs mirrored here (far-mirror.ts), what a request reads fetched
// before it is answered, and the link kept: a drop leaves the runs as last seen and reconnects
// with backoff; a far side that speaks what is no frame of munin-view closes the source for good.

import type {
  ApiRequest,
  ArtifactSummary,
  RemoteSourceState,
  StoreInfo,
  VersionCheckInfo,
} from '../../../shared/api/contract.js';
import type { HealthThresholds } from '../../../shared/api/health.js';
import { parseFormula } from '../../../shared/series/formula-parse.js';
import { ApiFailure } from '../../host/ops/api-failure.js';
import { log } from '../../log.js';
import type { ExportParts } from '../../store/export.js';
import { StoreError } from '../../store/store.js';
import { artifactSummary } from '../munin/artifact-versions.js';
import type { OpenedPath, RunsSource, SourceArtifact, SourceEvents } from '../run-source.js';
import { FarConnection } from './far-connection.js';
import type { FarEnd } from './far-connection.js';
import { FarIds } from './far-ids.js';
import { FarMirror } from './far-mirror.js';
import { RemoteArtifacts } from './remote-artifacts.js';
import type { FarRequest, FarRunHost, RemoteRun } from './remote-run.js';
import type { SshAddress } from './ssh-address.js';
import type { RemoteOptions } from './ssh-command.js';

export interface RemoteSourceOptions extends RemoteOptions {
  /** What its runs' ids start with here ('' when it is the only path open). */
  readonly idPrefix: string;
  /** The far host judges its runs' health by these (it follows them, not this host). */
  readonly health?: HealthThresholds;
}

/** The first wait before reconnecting, doubled after each failed try up to the last. */
export const RECONNECT_FIRST_MS = 500;
export const RECONNECT_LAST_MS = 30_000;

/** A far store's export is the far munin-view's own: this host holds no lossless copy of it. */
export class ExportElsewhere extends StoreError {}

export class RemoteSource implements RunsSource {
  readonly runs = new Map<string, RemoteRun>();
  private readonly ids: FarIds;
  private readonly artifacts: RemoteArtifacts;
  private readonly mirror: FarMirror;
  private connection: FarConnection | null = null;
  private state: RemoteSourceState['state'] = 'reconnecting';
  private message: string | null = 'not connected yet';
  private events: SourceEvents | null = null;
  private farInfo: StoreInfo | null = null;
  /** The far host began a long read since its info was fetched: its progress is asked anew. */
  private farInfoStale = false;
  private failedTries = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private closing = false;
  private readonly verifying = new Map<string, (bytes: number, total: number) => void>();
  /** Connections made and mirrored, the first included: one more after each reconnection. */
  connections = 0;

  constructor(
    readonly address: SshAddress,
    private readonly options: RemoteSourceOptions,
  ) {
    this.ids = new FarIds(options.idPrefix);
    this.artifacts = new RemoteArtifacts(this.ids);
    const connected = (): boolean => this.state === 'connected';
    const host: FarRunHost = {
      host: address.host,
      ids: this.ids,
      get connected() {
        return connected();
      },
      request: this.request,
      fetchSamples: (run) =>
        void this.mirror
          .load([run])
          .catch((error: unknown) => this.quietly('fetching a run', error)),
      usesOf: (farId) => this.artifacts.usesOf(farId),
    };
    this.mirror = new FarMirror(this.ids, this.runs, host, this.artifacts, {
      added: (run) => this.events?.runAdded(run),
      changed: (runId, what) => this.events?.runChanged(runId, what),
      artifactsChanged: () => this.events?.artifactsChanged(),
      healthEvent: (event) => this.events?.healthEvent?.(event),
      readingStarted: (runId) => {
        this.farInfoStale = true;
        this.events?.readingStarted(runId);
      },
      verifyProgress: (name, bytes, total) => this.verifying.get(name)?.(bytes, total),
    });
  }

  get root(): string {
    return this.address.address;
  }

  get paths(): readonly OpenedPath[] {
    return [
      {
        root: this.address.address,
        name: this.address.host,
        kind: this.farInfo?.sources[0]?.kind ?? 'munin',
        remote: {
          host: this.address.host,
          state: this.state,
          message: this.state === 'connected' ? null : this.message,
          runIdPrefix: this.options.idPrefix,
        },
      },
    ];
  }

  get polling(): boolean {
    return this.farInfo?.polling ?? false;
  }

  get toRead(): number {
    return this.farInfo?.runsToRead ?? 0;
  }

  get reading(): ReadonlyMap<string, { readonly bytes: number; readonly size: number }> {
    return new Map(
      (this.farInfo?.reading ?? []).map(({ runId, bytes, size }) => [
        this.ids.near(runId),
        { bytes, size },
      ]),
    );
  }

  /** Asks the far host, while it is reached; else refuses, saying why. */
  private readonly request: FarRequest = (request) => {
    const connection = this.connection;
    if (connection === null || connection.closed)
      return Promise.reject(
        new ApiFailure(
          'unreadable',
          `${this.address.host} is not connected (${this.message ?? 'reconnecting'}): the runs there show as last seen`,
        ),
      );
    return connection.request(request);
  };

  /** Connects and lists the far runs; throws a StoreError with ssh's or the far side's words. */
  async open(events: SourceEvents): Promise<void> {
    this.events = events;
    const end = await this.connect();
    if (end !== null) {
      this.closing = true;
      throw new StoreError(end.message);
    }
  }

  /** One try: resolves null once connected and mirrored, or how it ended. */
  private connect(): Promise<FarEnd | null> {
    return new Promise((resolve) => {
      let settled = false;
      const farArguments = ['serve', '--stdio', ...this.thresholdArguments(), this.address.path];
      const connection = new FarConnection(
        this.address,
        this.options,
        {
          deltas: (deltas) => this.mirror.deltas(deltas),
          resync: () => this.mirror.resync(),
          ended: (end) => {
            if (this.connection === connection) this.connection = null;
            if (!settled) {
              settled = true;
              resolve(end);
            } else this.lost(end);
          },
        },
        farArguments,
      );
      this.connection = connection;
      this.mirror.connected();
      void (async () => {
        try {
          this.farInfo = await connection.request({ op: 'storeInfo' });
          await this.mirror.snapshot();
          if (settled) return;
          settled = true;
          this.connections++;
          this.failedTries = 0;
          this.state = 'connected';
          this.message = null;
          resolve(null);
        } catch (error) {
          // The connection's end tells why; anything else is the far side's refusal.
          if (!(error instanceof ApiFailure) || settled || connection.closed) return;
          settled = true;
          connection.close();
          resolve({ kind: 'ended', message: `${this.address.host}: ${error.message}` });
        }
      })();
    });
  }

  private thresholdArguments(): string[] {
    const health = this.options.health;
    if (health === undefined) return [];
    return [
      '--stall-after',
      String(health.stallAfter),
      '--stall-factor',
      String(health.stallFactor),
    ];
  }

  /** The link dropped (or the far side spoke garbage): the runs stay, greyed, as last seen. */
  private lost(end: FarEnd): void {
    if (this.closing) return;
    this.message = end.message;
    log.warn(`${this.address.address}: ${end.message}`);
    if (end.kind === 'garbage') {
      this.state = 'closed';
      this.events?.sourcesChanged?.();
      return;
    }
    this.state = 'reconnecting';
    this.events?.sourcesChanged?.();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closing || this.retryTimer !== null) return;
    const wait = Math.min(RECONNECT_LAST_MS, RECONNECT_FIRST_MS * 2 ** this.failedTries);
    this.failedTries++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect().then((end) => {
        if (this.closing) return;
        if (end === null) {
          this.events?.sourcesChanged?.();
          // Runs a page asked for while the link was down are fetched now (and told as reset).
          const wanted = [...this.runs.values()].filter((run) => run.wanted);
          if (wanted.length > 0)
            this.mirror
              .load(wanted)
              .catch((error: unknown) => this.quietly('fetching runs asked for meanwhile', error));
          return;
        }
        this.state = end.kind === 'garbage' ? 'closed' : 'reconnecting';
        this.message = end.message;
        this.events?.sourcesChanged?.();
        if (end.kind !== 'garbage') this.scheduleReconnect();
      });
    }, wait);
    // Held, not unref'd: a `watch` of a far store alone has nothing else keeping it alive while
    // it waits to reconnect. close() clears it.
  }

  /** Fetches what the request reads of this store's runs that is not here yet. */
  async prepare(request: ApiRequest): Promise<void> {
    if (this.state !== 'connected') return;
    try {
      await this.fetchFor(request);
    } catch (error) {
      // What could not be fetched is answered from what is here, or refused by the run itself.
      this.quietly(`fetching for ${request.op}`, error);
    }
  }

  private async fetchFor(request: ApiRequest): Promise<void> {
    switch (request.op) {
      case 'storeInfo': {
        const info = this.farInfo;
        if (info === null || this.farInfoStale || info.runsToRead > 0 || info.reading.length > 0) {
          this.farInfoStale = false;
          this.farInfo = await this.request({ op: 'storeInfo' });
        }
        return;
      }
      case 'listArtifacts':
      case 'artifactDetail':
      case 'runArtifacts':
      case 'verifyArtifact':
        return this.artifacts.refresh(this.request);
      case 'keyStatistics': {
        const runs = this.mine(request.runIds ?? [...this.runs.keys()]);
        if (request.formula === undefined) return this.mirror.fetchStatistics(request.key, runs);
        return this.mirror.load([...runs, ...this.baselines(request.formula)]);
      }
      case 'subscribe':
      case 'groupEnvelope':
      case 'groupAt':
        return this.mirror.load([
          ...this.mine(request.runIds),
          ...this.baselines('formula' in request ? request.formula : undefined),
        ]);
      case 'makeReport':
        return this.mirror.load([
          ...this.mine(request.runIds),
          ...request.panels.flatMap((panel) => this.baselines(panel.formula)),
        ]);
      case 'envelopes':
      case 'samplesAt':
        return this.mirror.load(
          this.mine(request.requests.map((query) => query.runId)).concat(
            request.requests.flatMap((query) => this.baselines(query.formula)),
          ),
        );
      case 'runDetail':
      case 'series':
      case 'listFiles':
      case 'envelope':
      case 'sampleAt':
      case 'labelSegments':
        return this.mirror.load([
          ...this.mine([request.runId]),
          ...this.baselines('formula' in request ? request.formula : undefined),
        ]);
      default:
        return;
    }
  }

  /** The runs of this store among ids. */
  private mine(ids: readonly string[]): RemoteRun[] {
    return ids.flatMap((id) => this.runs.get(id) ?? []);
  }

  /** The runs of this store a formula reads as baselines. */
  private baselines(formula: string | undefined): RemoteRun[] {
    if (formula === undefined) return [];
    const parsed = parseFormula(formula);
    return parsed.ok ? this.mine(parsed.formula.baselines.map(({ run }) => run)) : [];
  }

  private quietly(what: string, error: unknown): void {
    if (error instanceof ApiFailure)
      log.debug(`${this.address.address}: ${what}: ${error.message}`);
    else log.warn(`${this.address.address}: ${what} failed`, error);
  }

  readChanged(): void {
    // Every far run is listed as the far host tells it: none waits to be read here.
  }

  drop(runId: string): void {
    this.runs.delete(runId);
  }

  exportParts(): ExportParts {
    throw new ExportElsewhere(
      `the runs of ${this.address.address} are exported by the munin-view there: \`munin-view export ${this.address.address}\``,
    );
  }

  listArtifacts(): ArtifactSummary[] {
    return this.artifacts.list().map(artifactSummary);
  }

  readArtifacts(): readonly SourceArtifact[] {
    return this.artifacts.list();
  }

  readArtifact(name: string): SourceArtifact | undefined {
    return this.artifacts.get(name);
  }

  /** Verified by the far host, where the blobs are; its progress told as it comes. */
  async verifyArtifact(
    name: string,
    version: number | undefined,
    onProgress: (bytes: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<readonly VersionCheckInfo[]> {
    this.verifying.set(name, onProgress);
    const cancel = (): void =>
      void this.request({ op: 'cancelVerify', name }).catch((error: unknown) =>
        this.quietly('cancelling a verification', error),
      );
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await this.request({
        op: 'verifyArtifact',
        name,
        ...(version !== undefined ? { version } : {}),
      });
    } finally {
      signal?.removeEventListener('abort', cancel);
      this.verifying.delete(name);
    }
  }

  /** The ssh process of the connection now, for a test that cuts the link. */
  get connectionPid(): number | undefined {
    return this.connection?.pid;
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connection?.close();
    this.connection = null;
    this.state = 'closed';
    this.message = 'closed';
  }
}
