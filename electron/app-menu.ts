// The desktop app's menu as a template: what it holds for a platform, a build (packaged or
// not), the recent stores and whether one is open. Built into a Menu by main.ts.

import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../shared/api/bridge.js';

export interface MenuState {
  readonly platform: NodeJS.Platform;
  /** app.isPackaged: an installed build, not one run from the checkout. */
  readonly packaged: boolean;
  readonly recent: readonly string[];
  readonly storeOpen: boolean;
}

export interface MenuActions {
  openWithDialog(): void;
  /** Opens a .jsonl event stream in place of what is open. */
  openStreamWithDialog(): void;
  /** Adds a .jsonl event stream beside what is open. */
  addStreamWithDialog(): void;
  openRecent(root: string): void;
  openDemo(): void;
  close(): void;
  about(): void;
  command(command: MenuCommand): void;
}

export function appMenuTemplate(
  state: MenuState,
  actions: MenuActions,
): MenuItemConstructorOptions[] {
  const recent = state.recent.map((root): MenuItemConstructorOptions => ({
    label: root,
    click: () => actions.openRecent(root),
  }));
  const mac = state.platform === 'darwin';
  return [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Store…', accelerator: 'CmdOrCtrl+O', click: () => actions.openWithDialog() },
        { label: 'Open Event Stream…', click: () => actions.openStreamWithDialog() },
        {
          label: 'Add Event Stream Beside…',
          enabled: state.storeOpen,
          click: () => actions.addStreamWithDialog(),
        },
        // A dialog in the page asks the address and the far command; main checks and opens it.
        { label: 'Open Remote Store…', click: () => actions.command('open-remote') },
        {
          label: 'Open Recent',
          submenu: recent.length > 0 ? recent : [{ label: 'No recent stores', enabled: false }],
        },
        { label: 'Open Demo Store', click: () => actions.openDemo() },
        { label: 'Close Store', enabled: state.storeOpen, click: () => actions.close() },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { type: 'separator' },
        {
          label: 'Command Palette…',
          accelerator: 'CmdOrCtrl+K',
          // Shown, not taken: the page reads the keys itself, the same in a browser, and lets
          // them through in a text field.
          registerAccelerator: false,
          enabled: state.storeOpen,
          click: () => actions.command('show-palette'),
        },
        {
          label: 'Find Runs',
          accelerator: 'CmdOrCtrl+F',
          click: () => actions.command('focus-filter'),
        },
        {
          label: 'Toggle Theme',
          accelerator: 'CmdOrCtrl+Shift+L',
          click: () => actions.command('toggle-theme'),
        },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        // DevTools (and their accelerator, which only this item carries) are for working on the
        // app: an installed build offers no way to run script in the page that reads the store.
        ...(state.packaged ? [] : [{ role: 'toggleDevTools' as const }]),
      ],
    },
    {
      label: 'Help',
      submenu: [
        { label: 'About munin-view', click: () => actions.about() },
        { label: 'Keyboard Shortcuts', click: () => actions.command('show-help') },
      ],
    },
  ];
}
