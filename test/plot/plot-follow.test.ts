// --follow in a pseudo-terminal (util-linux `script`) against a live writer that holds the
// run's lock: it redraws in place as the run grows, with the status line, and ends with it.

import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { holdLock } from '../support/lock-holder.js';
import { writerFileText } from '../support/live-store.js';
import { endLine, metricLine, metricsLine, startLine } from '../support/lines.js';
import { logPath, tempStores, writeLog } from '../support/store-fixture.js';
import { BIN } from './plot-fixture.js';

const newStore = tempStores();
const hasScript = spawnSync('script', ['--version']).status === 0;
const ESC = String.fromCharCode(0x1b);
const LIVE = '20260105T000000Z-11ee0000';

describe.skipIf(!hasScript)('--follow', () => {
  it('redraws in place as a live run grows, until it ends', async () => {
    const root = newStore();
    writeLog(root, LIVE, [
      startLine(',"name":"live","steps":200', 'demo'),
      metricLine('loss', 'minimize'),
    ]);
    writeFileSync(join(root, 'runs', LIVE, 'writer'), writerFileText());
    const lock = await holdLock(logPath(root, LIVE));
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} plot ${JSON.stringify(root)} live --follow --width 60 --height 20`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { ...process.env, LANG: 'C.UTF-8', TZ: 'UTC', NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => (out += text));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    for (let step = 0; step < 200; step++) {
      appendFileSync(logPath(root, LIVE), `${metricsLine(step, { loss: 1 / (step + 1) })}\n`);
      if (step % 20 === 19) await new Promise((r) => setTimeout(r, 150));
    }
    await new Promise((r) => setTimeout(r, 600));
    expect(out).toMatch(/running · step \d+ of 200 · last write \d+ s ago/);
    appendFileSync(logPath(root, LIVE), `${endLine('finished')}\n`);
    await lock.release();
    const status = await Promise.race([
      exited,
      new Promise((r) => setTimeout(() => r('hung'), 15_000)),
    ]);
    expect(status).toBe(0);
    // Redraws go back over the last picture: cursor up N lines, then clear below.
    expect(out).toMatch(new RegExp(`${ESC}\\[\\d+F${ESC}\\[J`));
    expect(out).toContain('finished · step 199 of 200');
    expect(out).toContain('last 0.005 @ step 199');
  });
});
