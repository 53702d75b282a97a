// The desktop menu: DevTools only in a build run from the checkout, never in an installed one;
// recent stores, the demo, the close item and the command palette wired to their actions.

import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { appMenuTemplate } from '../../electron/app-menu.js';
import type { MenuActions, MenuState } from '../../electron/app-menu.js';

function items(template: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? items(item.submenu as MenuItemConstructorOptions[]) : []),
  ]);
}

function menu(state: Partial<MenuState>) {
  const calls: string[] = [];
  const actions: MenuActions = {
    openWithDialog: () => calls.push('dialog'),
    openStreamWithDialog: () => calls.push('stream dialog'),
    addStreamWithDialog: () => calls.push('add stream dialog'),
    openRecent: (root) => calls.push(`recent ${root}`),
    openDemo: () => calls.push('demo'),
    close: () => calls.push('close'),
    about: () => calls.push('about'),
    command: (command) => calls.push(`command ${command}`),
  };
  const template = appMenuTemplate(
    { platform: 'linux', packaged: false, recent: [], storeOpen: false, ...state },
    actions,
  );
  return { all: items(template), calls };
}

const isDevTools = (item: MenuItemConstructorOptions) =>
  item.role?.toLowerCase() === 'toggledevtools';

const click = (item: MenuItemConstructorOptions | undefined) =>
  (item?.click as (() => void) | undefined)?.();

describe('the desktop menu', () => {
  it('opens an event stream, and adds one beside what is open only when something is', () => {
    const closed = menu({ storeOpen: false });
    click(closed.all.find((item) => item.label === 'Open Event Stream…'));
    expect(closed.calls).toEqual(['stream dialog']);
    expect(closed.all.find((item) => item.label === 'Add Event Stream Beside…')?.enabled).toBe(
      false,
    );
    const open = menu({ storeOpen: true });
    const add = open.all.find((item) => item.label === 'Add Event Stream Beside…');
    expect(add?.enabled).toBe(true);
    click(add);
    expect(open.calls).toEqual(['add stream dialog']);
  });

  it("opens a remote store through the page's dialog, whether or not a store is open", () => {
    for (const storeOpen of [false, true]) {
      const { all, calls } = menu({ storeOpen });
      const item = all.find((each) => each.label === 'Open Remote Store…');
      expect(item?.enabled).not.toBe(false);
      click(item);
      expect(calls).toEqual(['command open-remote']);
    }
  });

  it('offers DevTools when run from the checkout, on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(menu({ platform, packaged: false }).all.filter(isDevTools)).toHaveLength(1);
    }
  });

  it('leaves DevTools out of an installed build', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const { all } = menu({ platform, packaged: true });
      expect(all.filter(isDevTools)).toEqual([]);
      expect(all.some((item) => item.role === 'togglefullscreen')).toBe(true);
    }
  });

  it('lists recent stores, each opening its own root, and says when there are none', () => {
    const { all, calls } = menu({ recent: ['/a/store', '/b/store'] });
    click(all.find((item) => item.label === '/b/store'));
    expect(calls).toEqual(['recent /b/store']);
    const none = menu({ recent: [] }).all.find((item) => item.label === 'No recent stores');
    expect(none?.enabled).toBe(false);
  });

  it('offers the command palette with a store open, its keys shown but left to the page', () => {
    const closed = menu({ storeOpen: false });
    expect(closed.all.find((item) => item.label === 'Command Palette…')?.enabled).toBe(false);
    const open = menu({ storeOpen: true });
    const palette = open.all.find((item) => item.label === 'Command Palette…');
    expect(palette).toMatchObject({ accelerator: 'CmdOrCtrl+K', registerAccelerator: false });
    click(palette);
    expect(open.calls).toEqual(['command show-palette']);
  });

  it('enables Close Store only while a store is open, and wires the demo', () => {
    const closed = menu({ storeOpen: false });
    expect(closed.all.find((item) => item.label === 'Close Store')?.enabled).toBe(false);
    const open = menu({ storeOpen: true });
    const closeItem = open.all.find((item) => item.label === 'Close Store');
    expect(closeItem?.enabled).toBe(true);
    click(closeItem);
    click(open.all.find((item) => item.label === 'Open Demo Store'));
    expect(open.calls).toEqual(['close', 'demo']);
  });
});
