// What the UI is given to talk to the host: one function per Api operation, a delta feed, and,
// in the desktop app only, the store-level operations that the host alone may perform.

import type { ApiOp, ApiResponse, Delta, RequestOf } from './contract.js';
import type { HealthThresholds } from './health.js';
import type { Notice } from '../health/notification-policy.js';

export { API_OPS } from './contract.js';

/** The arguments of an operation: its request without the op name. */
export type ArgsOf<Op extends ApiOp> = Omit<RequestOf<Op>, 'op'>;

export type ApiFunctions = {
  readonly [Op in ApiOp]: (args: ArgsOf<Op>) => Promise<ApiResponse<Op>>;
};

/** What opening a store gave: the store, or why it could not be opened. */
export type OpenStoreResult =
  | { readonly ok: true; readonly root: string }
  | { readonly ok: false; readonly cancelled: boolean; readonly message: string };

/** Operations on which store is open: the desktop app's, where the user picks stores. */
export interface DesktopFunctions {
  /** Shows the open dialog. */
  openStoreDialog(): Promise<OpenStoreResult>;
  /** Opens a folder dropped on the window: a DOM File, which the preload turns into its path. */
  openDroppedFolder(file: object): Promise<OpenStoreResult>;
  /**
   * Adds what was dropped (a store, a .jsonl file or a folder of them) beside the runs open now,
   * so that a Compare can mix them; the window then shows all of them.
   */
  addDropped(file: object): Promise<OpenStoreResult>;
  /** Shows the open dialog for a .jsonl file to add beside the runs open now. */
  addStreamDialog(): Promise<OpenStoreResult>;
  /**
   * Opens a store on another machine (ssh://[user@]host[:port]/path) beside the runs open now
   * (alone when none are), munin-view run there by remoteCommand ('' for the default); main
   * checks the address, and asks the user to confirm a command that is not the default.
   */
  addRemoteStore(address: string, remoteCommand: string): Promise<OpenStoreResult>;
  openRecent(root: string): Promise<OpenStoreResult>;
  openDemoStore(): Promise<OpenStoreResult>;
  closeStore(): Promise<void>;
  recentStores(): Promise<readonly string[]>;
  /** The store open now, or null on the welcome screen. */
  currentStore(): Promise<string | null>;
  /**
   * Shows a file the run logged in the system's file manager, once the host's safe open has let
   * it be read; or says why not.
   */
  revealLoggedFile(runId: string, path: string): Promise<RevealResult>;
  /** Shows a notification through the system; false when the system shows none. */
  showNotification(notice: Notice): Promise<boolean>;
  /** The health thresholds kept in the app's settings, which every store opens with. */
  healthThresholds(): Promise<HealthThresholds>;
  /** Keeps new thresholds and applies them to the open store; says why when they are no good. */
  setHealthThresholds(thresholds: HealthThresholds): Promise<SettingResult>;
  /** Called when the user clicks a notification: the run, step and key it leads to. */
  onNotificationClick(listener: (target: NoticeTarget) => void): () => void;
  /** Called when the host opened or closed a store (a menu, the command line). */
  onStoreChanged(listener: (root: string | null) => void): () => void;
  /** Called with a page of the open store to show: a munin-view:// link was followed. */
  onOpenPage(listener: (hash: string) => void): () => void;
  /** Menu commands the UI carries out (toggle theme, focus filter...). */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

export type RevealResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

export type SettingResult = RevealResult;

/** Where a clicked notification leads: a run at a step (and key), or none for a summary. */
export type NoticeTarget = Pick<Notice, 'runId' | 'step' | 'key'>;

export type MenuCommand =
  'toggle-theme' | 'focus-filter' | 'show-help' | 'show-palette' | 'open-remote';

export interface MuninBridge {
  readonly transport: 'electron' | 'web';
  readonly api: ApiFunctions;
  onDelta(listener: (delta: Delta) => void): () => void;
  /**
   * Told when the link to the host drops and comes back; after a return the host holds no
   * subscription of this client, so it subscribes again. Told `true` also when the host dropped
   * deltas for this client (it fell behind): what it holds is stale, and it subscribes again.
   */
  onConnectionChange(listener: (connected: boolean) => void): () => void;
  /**
   * Told how far the answers coming in parts (each bigger than a frame) have come, and null once
   * none is under way; absent where answers always come whole (the desktop's IPC).
   */
  onAnswerProgress?(listener: (progress: AnswerProgress | null) => void): () => void;
  /** Present in the desktop app only. */
  readonly desktop: DesktopFunctions | null;
}

/** Bytes of the answers under way received so far, of their totals. */
export interface AnswerProgress {
  readonly answers: number;
  readonly received: number;
  readonly total: number;
}

/**
 * What the Electron preload exposes to the page (window.muninPreload): one function per Api
 * operation, each answering with a frame of shared/api/wire-codec.ts (a Uint8Array, which
 * crosses the context bridge whole, where Maps and bigints would not), and the deltas as frames.
 */
export type PreloadApiFunctions = {
  readonly [Op in ApiOp]: (args: ArgsOf<Op>) => Promise<Uint8Array>;
};

export interface PreloadApi {
  readonly api: PreloadApiFunctions;
  /** Each frame holds an array: the deltas of one turn of the host's event loop. */
  onDelta(listener: (frame: Uint8Array) => void): () => void;
  readonly desktop: DesktopFunctions;
}
