// The preload: exposes to the page one function per Api operation (each a fixed IPC channel),
// the delta feed, and the desktop's store operations. It never exposes ipcRenderer itself.

import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { ApiOp } from '../shared/api/contract.js';
import type {
  DesktopFunctions,
  MenuCommand,
  NoticeTarget,
  OpenStoreResult,
  PreloadApi,
  PreloadApiFunctions,
  RevealResult,
  SettingResult,
} from '../shared/api/bridge.js';
import type { HealthThresholds } from '../shared/api/health.js';
import type { Notice } from '../shared/health/notification-policy.js';
import { API_OPS } from '../shared/api/bridge.js';
import { apiChannel, DESKTOP_CHANNELS, EVENT_CHANNELS } from '../shared/api/ipc-channels.js';

const api = Object.fromEntries(
  API_OPS.map((op: ApiOp) => [
    op,
    (args: unknown) => ipcRenderer.invoke(apiChannel(op), args) as Promise<Uint8Array>,
  ]),
) as unknown as PreloadApiFunctions;

function listen<T>(channel: string, listener: (value: T) => void): () => void {
  const wrapped = (_event: unknown, value: T): void => listener(value);
  ipcRenderer.on(channel, wrapped);
  return () => void ipcRenderer.removeListener(channel, wrapped);
}

const desktop: DesktopFunctions = {
  openStoreDialog: () =>
    ipcRenderer.invoke(DESKTOP_CHANNELS.openStoreDialog) as Promise<OpenStoreResult>,
  openDroppedFolder: (file: object) => {
    // The path comes from the File the user dropped; main still checks it is a store.
    const path = webUtils.getPathForFile(file as File);
    return ipcRenderer.invoke(DESKTOP_CHANNELS.openDroppedFolder, path) as Promise<OpenStoreResult>;
  },
  addDropped: (file: object) => {
    const path = webUtils.getPathForFile(file as File);
    return ipcRenderer.invoke(DESKTOP_CHANNELS.addDropped, path) as Promise<OpenStoreResult>;
  },
  addStreamDialog: () =>
    ipcRenderer.invoke(DESKTOP_CHANNELS.addStreamDialog) as Promise<OpenStoreResult>,
  addRemoteStore: (address: string, remoteCommand: string) =>
    ipcRenderer.invoke(
      DESKTOP_CHANNELS.addRemoteStore,
      address,
      remoteCommand,
    ) as Promise<OpenStoreResult>,
  openRecent: (root: string) =>
    ipcRenderer.invoke(DESKTOP_CHANNELS.openRecent, root) as Promise<OpenStoreResult>,
  openDemoStore: () =>
    ipcRenderer.invoke(DESKTOP_CHANNELS.openDemoStore) as Promise<OpenStoreResult>,
  closeStore: () => ipcRenderer.invoke(DESKTOP_CHANNELS.closeStore) as Promise<void>,
  recentStores: () =>
    ipcRenderer.invoke(DESKTOP_CHANNELS.recentStores) as Promise<readonly string[]>,
  currentStore: () => ipcRenderer.invoke(DESKTOP_CHANNELS.currentStore) as Promise<string | null>,
  revealLoggedFile: (runId: string, path: string) =>
    ipcRenderer.invoke(DESKTOP_CHANNELS.revealLoggedFile, runId, path) as Promise<RevealResult>,
  showNotification: (notice: Notice) =>
    ipcRenderer.invoke(DESKTOP_CHANNELS.showNotification, notice) as Promise<boolean>,
  healthThresholds: () =>
    ipcRenderer.invoke(DESKTOP_CHANNELS.healthThresholds) as Promise<HealthThresholds>,
  setHealthThresholds: (thresholds: HealthThresholds) =>
    ipcRenderer.invoke(DESKTOP_CHANNELS.setHealthThresholds, thresholds) as Promise<SettingResult>,
  onNotificationClick: (listener: (target: NoticeTarget) => void) =>
    listen(EVENT_CHANNELS.notificationClick, listener),
  onOpenPage: (listener: (hash: string) => void) => listen(EVENT_CHANNELS.openPage, listener),
  onStoreChanged: (listener: (root: string | null) => void) =>
    listen(EVENT_CHANNELS.storeChanged, listener),
  onMenuCommand: (listener: (command: MenuCommand) => void) =>
    listen(EVENT_CHANNELS.menuCommand, listener),
};

const preloadApi: PreloadApi = {
  api,
  onDelta: (listener: (frame: Uint8Array) => void) => listen(EVENT_CHANNELS.delta, listener),
  desktop,
};

contextBridge.exposeInMainWorld('muninPreload', preloadApi);
