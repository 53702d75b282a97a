// The WebSocket frames a bench page sends and takes in, as the DevTools protocol tells them: on
// the page's own sockets and on its workers' (the app's socket is held by a worker), each worker
// attached as it is.

import type { BarePage, PageSession } from './bare-chromium.js';

/** Told each frame's bytes, the way it went. */
export interface FrameListener {
  readonly sent?: (bytes: number) => void;
  readonly received?: (bytes: number) => void;
}

/** A frame's bytes from its protocol payload: a binary one comes as base64. */
function frameBytes(params: Record<string, unknown>): number {
  const response = params['response'] as { payloadData: string; opcode: number };
  const data = response.payloadData;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return response.opcode === 2 ? (data.length / 4) * 3 - padding : data.length;
}

/** Watches the page's frames until the returned call stops it. */
export async function watchSocketFrames(
  page: BarePage,
  listener: FrameListener,
): Promise<() => Promise<void>> {
  const cdp = await page.newCDPSession();
  const listen = (session: PageSession): void => {
    const { sent, received } = listener;
    if (sent !== undefined)
      session.on('Network.webSocketFrameSent', (params) => sent(frameBytes(params)));
    if (received !== undefined)
      session.on('Network.webSocketFrameReceived', (params) => received(frameBytes(params)));
  };
  listen(cdp);
  const workers: PageSession[] = [];
  const watching: Promise<unknown>[] = [];
  cdp.on('Target.attachedToTarget', (params) => {
    const worker = page.attachedSession(params['sessionId'] as string);
    listen(worker);
    workers.push(worker);
    watching.push(worker.send('Network.enable'));
  });
  // The workers there already are attached before this answers, as they are told of.
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: true,
  });
  await Promise.all(watching);
  await cdp.send('Network.enable');
  return async () => {
    for (const worker of workers) {
      await worker.send('Network.disable');
      await worker.detach();
    }
    await cdp.send('Target.setAutoAttach', { autoAttach: false, waitForDebuggerOnStart: false });
    await cdp.send('Network.disable');
    await cdp.detach();
  };
}
