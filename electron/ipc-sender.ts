// The check every IPC handler of the desktop app makes first: the message came from the app's own
// page in the top frame of its window, never a sub-frame, another origin, or a frame gone since.

import type { WebFrameMain } from 'electron';

/** What the check reads of a frame, as electron.d.ts types a WebFrameMain. */
export type FrameView = Pick<WebFrameMain, 'url' | 'isDestroyed'> & {
  readonly parent: FrameView | null;
};

/**
 * What the check reads of an IPC event, as electron.d.ts types both IpcMainInvokeEvent
 * (ipcMain.handle) and IpcMainEvent (ipcMain.on): either one is a SenderView.
 */
export interface SenderView {
  readonly sender: { readonly mainFrame: FrameView };
  readonly senderFrame: FrameView | null;
}

/** Whether url is of the given origin (scheme://host[:port]), as a navigation or a frame holds it. */
export function hasOrigin(url: string, origin: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  // Built by hand: Node's URL.origin is "null" for a scheme it does not know, as the app's is.
  return `${parsed.protocol}//${parsed.host}` === origin;
}

/**
 * Whether an IPC message may be answered: its frame still exists, is its window's top frame (an
 * iframe may show content the app did not write under the app's own origin), and shows the app's
 * origin.
 */
export function isTrustedSender(event: SenderView, appOrigin: string): boolean {
  const frame = event.senderFrame;
  // Null once the frame navigated away or was destroyed: what sent the message is gone.
  if (frame === null) return false;
  try {
    if (frame.isDestroyed()) return false;
    // Electron keeps one WebFrameMain per frame, so identity tells the top frame; a frame with no
    // parent may still not be it (the root of a fenced frame's own tree).
    if (frame.parent !== null || frame !== event.sender.mainFrame) return false;
    return hasOrigin(frame.url, appOrigin);
  } catch {
    // A frame disposed of meanwhile throws on reading it; what it sent is not answered.
    return false;
  }
}
