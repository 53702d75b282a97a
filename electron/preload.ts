// The preload: exposes to the page one function per Api operation (each a fixed IPC channel),
// the delta feed, and the desktop's store operations. It never exposes ipcRenderer itself.

import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { ApiOp } from '../shared/api/contract.js';
import type {
  DesktopFunctions,
  MenuCommand,
  OpenStoreResult,
  PreloadApi,
  PreloadApiFunctions,
} from '../shared/api/bridge.js';
import { API_OPS, DELTA_CHANNEL, ipcChannel } from '../shared/api/bridge.js';

const api = Object.fromEntries(
  API_OPS.map((op: ApiOp) => [
    op,
    (args: unknown) => ipcRenderer.invoke(ipcChannel(op), args) as Promise<Uint8Array>,
  ]),
) as unknown as PreloadApiFunctions;

function listen<T>(channel: string, listener: (value: T) => void): () => void {
  const wrapped = (_event: unknown, value: T): void => listener(value);
  ipcRenderer.on(channel, wrapped);
  return () => void ipcRenderer.removeListener(channel, wrapped);
}

const desktop: DesktopFunctions = {
  openStoreDialog: () => ipcRenderer.invoke('munin:store:dialog') as Promise<OpenStoreResult>,
  openDroppedFolder: (file: object) => {
    // The path comes from the File the user dropped; main still checks it is a store.
    const path = webUtils.getPathForFile(file as File);
    return ipcRenderer.invoke('munin:store:dropped', path) as Promise<OpenStoreResult>;
  },
  openRecent: (root: string) =>
    ipcRenderer.invoke('munin:store:recent', root) as Promise<OpenStoreResult>,
  openDemoStore: () => ipcRenderer.invoke('munin:store:demo') as Promise<OpenStoreResult>,
  closeStore: () => ipcRenderer.invoke('munin:store:close') as Promise<void>,
  recentStores: () => ipcRenderer.invoke('munin:store:recent-list') as Promise<readonly string[]>,
  currentStore: () => ipcRenderer.invoke('munin:store:current') as Promise<string | null>,
  onStoreChanged: (listener: (root: string | null) => void) =>
    listen('munin:store:changed', listener),
  onMenuCommand: (listener: (command: MenuCommand) => void) => listen('munin:menu', listener),
};

const preloadApi: PreloadApi = {
  api,
  onDelta: (listener: (frame: Uint8Array) => void) => listen(DELTA_CHANNEL, listener),
  desktop,
};

contextBridge.exposeInMainWorld('muninPreload', preloadApi);
