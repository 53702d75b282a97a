// electron/ipc-sender: an IPC message is answered only from the app's own page in its window's top frame (not a sub-frame, another origin, or a frame gone), and main.ts registers no handler that skips the check.

import { describe, expect, expectTypeOf, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import type { FrameView, SenderView } from '../../electron/ipc-sender.js';
import { hasOrigin, isTrustedSender } from '../../electron/ipc-sender.js';

const APP_ORIGIN = 'munin-app://app';
const APP_PAGE = `${APP_ORIGIN}/index.html`;

function frame(url: string, parent: FrameView | null = null, destroyed = false): FrameView {
  return { url, parent, isDestroyed: () => destroyed };
}

/** An event as ipcMain gives it: the frame that sent it, in a window whose top frame is `top`. */
function sentFrom(senderFrame: FrameView | null, top: FrameView): SenderView {
  return { sender: { mainFrame: top }, senderFrame };
}

describe('isTrustedSender', () => {
  it('takes the events of ipcMain.handle and ipcMain.on as electron.d.ts declares them', () => {
    expectTypeOf<IpcMainInvokeEvent>().toExtend<SenderView>();
    expectTypeOf<IpcMainEvent>().toExtend<SenderView>();
  });

  it("accepts the app's page in its window's top frame", () => {
    const top = frame(APP_PAGE);
    expect(isTrustedSender(sentFrom(top, top), APP_ORIGIN)).toBe(true);
    const deeper = frame(`${APP_ORIGIN}/runs/index.html?run=a#metrics`);
    expect(isTrustedSender(sentFrom(deeper, deeper), APP_ORIGIN)).toBe(true);
  });

  it("refuses a sub-frame, even one of the app's own origin", () => {
    const top = frame(APP_PAGE);
    const child = frame(`${APP_ORIGIN}/index.html`, top);
    expect(isTrustedSender(sentFrom(child, top), APP_ORIGIN)).toBe(false);
    const grandchild = frame(APP_PAGE, child);
    expect(isTrustedSender(sentFrom(grandchild, top), APP_ORIGIN)).toBe(false);
  });

  it("refuses a frame with no parent that is not its window's top frame", () => {
    // A frame tree of its own (a fenced frame's root has no parent either).
    const top = frame(APP_PAGE);
    const detached = frame(APP_PAGE);
    expect(isTrustedSender(sentFrom(detached, top), APP_ORIGIN)).toBe(false);
  });

  it.each([
    'https://evil.example/',
    'http://app/',
    'munin-app://app.evil.example/index.html',
    'munin-app://other/index.html',
    'munin-app://app:8080/index.html',
    'file:///index.html',
    'about:blank',
    'data:text/html,munin-app://app/',
    '',
  ])('refuses a top frame at %j', (url) => {
    const top = frame(url);
    expect(isTrustedSender(sentFrom(top, top), APP_ORIGIN)).toBe(false);
  });

  it('refuses a frame that is gone: null, destroyed, or throwing when read', () => {
    const top = frame(APP_PAGE);
    expect(isTrustedSender(sentFrom(null, top), APP_ORIGIN)).toBe(false);
    const destroyed = frame(APP_PAGE, null, true);
    expect(isTrustedSender(sentFrom(destroyed, destroyed), APP_ORIGIN)).toBe(false);
    const disposed: FrameView = {
      get url(): string {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
      parent: null,
      isDestroyed: () => false,
    };
    expect(isTrustedSender(sentFrom(disposed, disposed), APP_ORIGIN)).toBe(false);
  });
});

describe('hasOrigin', () => {
  it("tells the app's URLs from others by scheme, host and port", () => {
    expect(hasOrigin(APP_ORIGIN, APP_ORIGIN)).toBe(true);
    expect(hasOrigin(`${APP_ORIGIN}/index.html`, APP_ORIGIN)).toBe(true);
    expect(hasOrigin('munin-app://app.example/', APP_ORIGIN)).toBe(false);
    expect(hasOrigin('munin-app://apps/', APP_ORIGIN)).toBe(false);
    expect(hasOrigin('munin-app:app', APP_ORIGIN)).toBe(false);
    expect(hasOrigin('not a url', APP_ORIGIN)).toBe(false);
  });
});

describe('main.ts', () => {
  const main = readFileSync(
    fileURLToPath(new URL('../../electron/main.ts', import.meta.url)),
    'utf8',
  );

  it('registers IPC handlers only behind isTrustedSender', () => {
    // One ipcMain.handle, in handleTrusted, behind the check; none of ipcMain's other ways in.
    expect(main.match(/\bipcMain\.\w+\(/g)).toEqual(['ipcMain.handle(']);
    const helper =
      /function handleTrusted\([^)]*\)[^{]*\{\s*ipcMain\.handle\(channel, async \(event, \.\.\.args: unknown\[\]\) => \{\s*if \(!isTrustedSender\(event, APP_ORIGIN\)\)/;
    expect(main).toMatch(helper);
    expect(main).toMatch(
      /host\.register\(ipcMain, \(event\) => isTrustedSender\(event, APP_ORIGIN\),/,
    );
  });
});
