// The desktop app's IPC channels, each name spelled here and nowhere else: electron/main.ts
// handles and sends on them, electron/preload.ts invokes and listens on them.

import type { ApiOp } from './contract.js';
import { API_OPS } from './contract.js';
import type { DesktopFunctions } from './bridge.js';

/** The desktop functions the page calls into main; the others are listeners. */
type DesktopCall = Exclude<
  keyof DesktopFunctions,
  'onStoreChanged' | 'onMenuCommand' | 'onNotificationClick' | 'onOpenPage'
>;

/** The IPC channel of an Api operation; every channel is fixed, and main checks each sender. */
export function apiChannel(op: ApiOp): `munin:api:${ApiOp}` {
  return `munin:api:${op}`;
}

/** Channels the page invokes and main answers, by the desktop function each one serves. */
export const DESKTOP_CHANNELS = {
  openStoreDialog: 'munin:store:dialog',
  openDroppedFolder: 'munin:store:dropped',
  addDropped: 'munin:store:add-dropped',
  addStreamDialog: 'munin:store:add-dialog',
  addRemoteStore: 'munin:store:add-remote',
  openRecent: 'munin:store:recent',
  openDemoStore: 'munin:store:demo',
  closeStore: 'munin:store:close',
  recentStores: 'munin:store:recent-list',
  currentStore: 'munin:store:current',
  revealLoggedFile: 'munin:files:reveal',
  showNotification: 'munin:health:notify',
  healthThresholds: 'munin:health:thresholds',
  setHealthThresholds: 'munin:health:set-thresholds',
} as const satisfies Readonly<Record<DesktopCall, string>>;

/** Channels main sends on and the page listens to. */
export const EVENT_CHANNELS = {
  /** Frames of deltas, to the window whose session they belong to. */
  delta: 'munin:delta',
  /** The store root opened (or null when closed), to every window. */
  storeChanged: 'munin:store:changed',
  /** A MenuCommand, to the main window. */
  menuCommand: 'munin:menu',
  /** Where a clicked notification leads (a NoticeTarget), to the main window. */
  notificationClick: 'munin:health:clicked',
  /** A page of the open store to show (a munin-view:// link followed), to the main window. */
  openPage: 'munin:store:page',
} as const;

/** Every channel of the table. */
export function allIpcChannels(): string[] {
  return [
    ...API_OPS.map(apiChannel),
    ...Object.values(DESKTOP_CHANNELS),
    ...Object.values(EVENT_CHANNELS),
  ];
}
