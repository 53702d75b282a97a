// The UI bench's own Chromium driver: a page takes what the cases do to it (typing, clicks, a
// drag, double-clicks) as a user's input, says why a script failed, traces, and reports no
// WebSocket frame to the protocol unless a case asks (the cost Playwright put on every open).

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { describeE2e } from '../e2e/support.js';
import type { BarePage } from './ui/bare-chromium.js';
import { BareChromium } from './ui/bare-chromium.js';

const PAGE = `document.body.innerHTML = '<input id="box"><div id="pad" style="width:300px;height:200px"></div>';
  window.seen = [];
  const note = (e) => seen.push(e.type + (e.type === 'keydown' ? ':' + e.key : '') +
    (e.type.startsWith('mouse') && e.type !== 'mousemove' ? ':' + e.buttons : ''));
  for (const type of ['keydown', 'input', 'mousedown', 'mouseup', 'click', 'dblclick']) addEventListener(type, note, true);
  pad.addEventListener('mousemove', (e) => e.buttons === 1 && seen.push('drag'));`;

describeE2e('the bench driver', () => {
  let browser: BareChromium;
  let page: BarePage;

  beforeAll(async () => {
    browser = await BareChromium.launch();
    page = await browser.newPage({ width: 800, height: 600 }, 'window.initRan = true;');
    await page.goto('about:blank');
    await page.evaluate(PAGE);
  });

  afterAll(() => browser?.close());

  it('runs its init script first, in a page of the size asked', async () => {
    expect(await page.evaluate('[window.initRan, innerWidth, innerHeight]')).toEqual([
      true,
      800,
      600,
    ]);
  });

  it('types, clicks, drags and double-clicks as a user would', async () => {
    await page.click('#box');
    await page.keyboard.press('7');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('7');
    expect(await page.evaluate('box.value')).toBe('7');
    const box = await page.boundingBox('#pad');
    await page.mouse.move(box.x + 10, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + 10, { steps: 3 });
    await page.mouse.up();
    await page.dblclick('#pad');
    expect(await page.evaluate('seen')).toEqual([
      'mousedown:1',
      'mouseup:0',
      'click',
      'keydown:7',
      'input',
      'keydown:Backspace',
      'input',
      'keydown:7',
      'input',
      'mousedown:1',
      'drag',
      'drag',
      'drag',
      'mouseup:0',
      'click',
      'mousedown:1',
      'mouseup:0',
      'click',
      'mousedown:1',
      'mouseup:0',
      'click',
      'dblclick',
    ]);
  });

  it('says what a script threw, and what it waited for in vain', async () => {
    await expect(page.evaluate('null.x')).rejects.toThrow(/in the page: TypeError/);
    await expect(page.waitForSelector('#never', { timeout: 100 })).rejects.toThrow(
      'no #never within 100 ms',
    );
    await expect(page.boundingBox('#never')).rejects.toThrow('no #never in the page');
  });

  it('reports WebSocket frames to the protocol only while a case listens', async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((done) => server.once('listening', done));
    server.on('connection', (socket) => socket.on('message', () => socket.send(Buffer.alloc(64))));
    const { port } = server.address() as AddressInfo;
    const session = await page.newCDPSession();
    let frames = 0;
    session.on('Network.webSocketFrameReceived', () => frames++);
    const exchange = (): Promise<unknown> =>
      page.evaluate(`new Promise((done, fail) => { const w = new WebSocket('ws://127.0.0.1:${port}');
        w.onopen = () => w.send('x'); w.onmessage = () => { w.close(); done(true); }; w.onerror = fail; })`);
    try {
      await exchange();
      expect(frames).toBe(0);
      await session.send('Network.enable');
      await exchange();
      expect(frames).toBe(1);
    } finally {
      await session.send('Network.disable');
      await session.detach();
      server.close();
    }
  });

  it('traces the browser into Chromium JSON', async () => {
    await page.startTracing(['devtools.timeline']);
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => done(1)))');
    const trace = JSON.parse(await page.stopTracing()) as { traceEvents: { name: string }[] };
    expect(trace.traceEvents.some((event) => event.name === 'thread_name')).toBe(true);
  });
});
