// The desktop app's host side without Electron itself: which store is open (local paths and far
// ssh:// stores), one Backend session per window, Api calls answered as wire frames, deltas sent
// as frames. main.ts wires it to ipcMain; tests drive it directly, so the handlers run through
// the same Backend as `serve`.

import { closeSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ApiOp } from '../../shared/api/contract.js';
import type { HealthThresholds } from '../../shared/api/health.js';
import { API_OPS } from '../../shared/api/bridge.js';
import { encodeWireMessage } from '../../shared/api/wire-codec.js';
import type { Backend, BackendOptions, Session } from './backend.js';
import { Backend as BackendClass } from './backend.js';
import { nodeTextCodec } from './serve.js';
import { StoreError } from '../store/store.js';
import { LoggedFileRefusal } from '../store/logged-files.js';
import type { OpenedFile } from '../store/store-files.js';
import type { LoggedFileRequest } from './logged-file-response.js';
import { loggedFileResponse } from './logged-file-response.js';
import type { RemoteChoices } from '../sources/open-source.js';
import { isSshAddress, parseSshAddress, SshAddressError } from '../sources/remote/ssh-address.js';

/** What the handlers read of Electron's IpcMainInvokeEvent, besides what the sender check reads. */
export interface InvokeEventLike {
  readonly sender: { readonly id: number };
}

export interface IpcMainLike<Event extends InvokeEventLike = InvokeEventLike> {
  handle(channel: string, listener: (event: Event, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export type OpenResult =
  { ok: true; root: string } | { ok: false; cancelled: boolean; message: string };

export class DesktopHost {
  private backend: Backend | null = null;
  private readonly sessions = new Map<number, Session>();
  private opening: Promise<OpenResult> | null = null;

  constructor(
    /** Sends a delta frame to the window whose webContents has this id. */
    private readonly sendDelta: (webContentsId: number, frame: Uint8Array) => void,
    /** Told whenever the open store changes, to tell every window. */
    private readonly onStoreChanged: (root: string | null) => void,
    private options: BackendOptions = {},
  ) {}

  /** Thresholds every store opens with from now on, the open one's set at once. */
  setHealthThresholds(thresholds: HealthThresholds): void {
    this.options = { ...this.options, health: thresholds };
    if (this.backend !== null) this.backend.healthThresholds = thresholds;
  }

  get root(): string | null {
    return this.backend?.root ?? null;
  }

  /** Opens what path names beside what is open, so one window shows both; says why it cannot. */
  async add(path: string): Promise<OpenResult> {
    const open = this.backend?.paths ?? [];
    const resolved = isSshAddress(path) ? path : resolve(path);
    if (open.includes(resolved)) return { ok: true, root: open[0]! };
    return this.open([...open, resolved]);
  }

  /** How far stores are reached from now on (the command line's --ssh-command, say). */
  setRemote(remote: RemoteChoices): void {
    this.options = { ...this.options, remote: { ...this.options.remote, ...remote } };
  }

  /**
   * Opens a store on another machine beside what is open (alone when nothing is): the Open
   * Remote Store dialog's address, checked here, and the command that runs munin-view there
   * (empty: the default). Says why it cannot: the address, or ssh's and the far side's words.
   */
  async addRemote(address: string, remoteCommand: string): Promise<OpenResult> {
    try {
      parseSshAddress(address);
    } catch (error) {
      if (error instanceof SshAddressError)
        return { ok: false, cancelled: false, message: error.message };
      throw error;
    }
    if (remoteCommand.trim() !== '') {
      const commands = new Map(this.options.remote?.remoteCommands ?? []);
      commands.set(address, remoteCommand.trim());
      this.options = {
        ...this.options,
        remote: { ...this.options.remote, remoteCommands: commands },
      };
    }
    return this.add(address);
  }

  /** Opens the store at root (or several paths) in place of what is open; says why it cannot. */
  async open(root: string | readonly string[]): Promise<OpenResult> {
    while (this.opening !== null) await this.opening;
    const attempt = (async (): Promise<OpenResult> => {
      let next: Backend;
      try {
        next = await BackendClass.open(root, this.options);
      } catch (error) {
        if (error instanceof StoreError)
          return { ok: false, cancelled: false, message: error.message };
        throw error;
      }
      await this.closeBackend();
      this.backend = next;
      this.onStoreChanged(next.root);
      return { ok: true, root: next.root };
    })();
    this.opening = attempt;
    try {
      return await attempt;
    } finally {
      this.opening = null;
    }
  }

  async close(): Promise<void> {
    await this.closeBackend();
    this.onStoreChanged(null);
  }

  private async closeBackend(): Promise<void> {
    for (const session of this.sessions.values()) session.close();
    this.sessions.clear();
    const backend = this.backend;
    this.backend = null;
    await backend?.close();
  }

  /** A window went away: its session goes too. */
  forget(webContentsId: number): void {
    this.sessions.get(webContentsId)?.close();
    this.sessions.delete(webContentsId);
  }

  private sessionFor(webContentsId: number): Session | null {
    const backend = this.backend;
    if (backend === null) return null;
    let session = this.sessions.get(webContentsId);
    if (session === undefined) {
      session = backend.connect((deltas) =>
        this.sendDelta(webContentsId, encodeWireMessage(deltas, nodeTextCodec)),
      );
      this.sessions.set(webContentsId, session);
    }
    return session;
  }

  /** Opens a file a run of the open store logged; throws a LoggedFileRefusal (404: no store). */
  openLoggedFile(runId: string, path: string): OpenedFile {
    if (this.backend === null) throw new LoggedFileRefusal(404, 'no store is open');
    return this.backend.openLoggedFile(runId, path);
  }

  /**
   * Where a file the run logged really is, for the file manager to show: only once the safe open
   * let it be read, so that no link leads the file manager out of the run.
   */
  loggedFilePath(
    runId: unknown,
    path: unknown,
  ): { ok: true; path: string } | { ok: false; message: string } {
    if (typeof runId !== 'string' || typeof path !== 'string')
      return { ok: false, message: 'a run id and a path are needed' };
    try {
      const opened = this.openLoggedFile(runId, path);
      closeSync(opened.fd);
      return { ok: true, path: opened.realPath };
    } catch (error) {
      if (error instanceof LoggedFileRefusal) return { ok: false, message: error.reason };
      throw error;
    }
  }

  /** The answer to the app scheme's request for a logged file, as `serve` answers. */
  loggedFileResponse(request: LoggedFileRequest): Promise<Response> {
    return loggedFileResponse(async (runId, path) => {
      if (this.backend === null) throw new LoggedFileRefusal(404, 'no store is open');
      return this.backend.loggedFile(runId, path);
    }, request);
  }

  /** Answers one Api call of the window webContentsId, as a frame. */
  async call(webContentsId: number, op: ApiOp, args: unknown): Promise<Uint8Array> {
    const session = this.sessionFor(webContentsId);
    const response =
      session === null
        ? { ok: false, error: { code: 'not-a-store', message: 'no store is open' } }
        : await session.request(
            typeof args === 'object' && args !== null ? { ...args, op } : { op, bad: args },
          );
    return encodeWireMessage(response, nodeTextCodec);
  }

  /**
   * Registers one handler per operation. Each checks the sender (main.ts: the app's own page in
   * its window's top frame) before anything else; a call from any other frame gets nothing.
   */
  register<Event extends InvokeEventLike>(
    ipcMain: IpcMainLike<Event>,
    isTrustedSender: (event: Event) => boolean,
    channelOf: (op: ApiOp) => string,
  ): void {
    for (const op of API_OPS) {
      ipcMain.handle(channelOf(op), async (event, args) => {
        if (!isTrustedSender(event))
          throw new Error('refused an Api call from a frame that is not the app');
        return this.call(event.sender.id, op, args);
      });
    }
  }
}
