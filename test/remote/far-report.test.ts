// Offline reports of far runs through a real OpenSSH server: makeReport on a far store and
// `munin-view report ssh://…` fetch the runs' samples and details first, and hold exactly what a
// report of the same store made on its own machine holds.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Session } from '../../electron/host/backend.js';
import { Backend } from '../../electron/host/backend.js';
import type { ApiResponse } from '../../shared/api/contract.js';
import type { ReportDocument } from '../../shared/report/report-document.js';
import { REPO } from '../serve/harness.js';
import { liveDirs } from '../support/live-scratch.js';
import { reportDocumentOf } from '../support/report-file.js';
import { RESUMED, SPIKY, writeReportStore } from '../support/report-store.js';
import type { TestSshd } from '../support/sshd.js';
import { sshdMissing, startSshd } from '../support/sshd.js';
import { runCli } from './remote-cli.js';

const missing = sshdMissing();
if (missing !== null) console.warn(`skipping the far report tests: ${missing}`);

const FAR_COMMAND = `${process.execPath} ${join(REPO, 'bin', 'munin-view.js')}`;

/** What a report holds, less when and where it was made. */
function held(document: ReportDocument): ReportDocument {
  return { ...document, made: 0, stores: [] };
}

async function made(session: Session): Promise<ReportDocument> {
  const response = (await session.request({
    op: 'makeReport',
    runIds: [SPIKY, RESUMED],
    title: 'far and near',
    note: null,
    panels: [
      { key: 'train/loss', axis: 'step', smoothing: 0.6, logY: false, zoom: null },
      { key: 'eval/acc', axis: 'declared', smoothing: 0, logY: false, zoom: null },
    ],
  })) as ApiResponse<'makeReport'>;
  if (!response.ok) throw new Error(response.error.message);
  return reportDocumentOf(response.result.html);
}

const newDir = liveDirs();

describe.skipIf(missing !== null)('reports of far runs, through ssh', () => {
  let sshd: TestSshd;
  let farRoot: string;

  beforeAll(async () => {
    const dir = newDir();
    sshd = await startSshd(dir);
    farRoot = join(dir, 'far-store');
    mkdirSync(farRoot);
    writeReportStore(farRoot);
  }, 30_000);

  afterAll(async () => {
    await sshd?.stop();
  });

  it('makes the report of far runs a page asks for, as their own machine makes it', async () => {
    const far = await Backend.open(sshd.address(farRoot), {
      remote: { sshCommand: sshd.sshCommand, remoteCommand: FAR_COMMAND },
    });
    const local = await Backend.open(farRoot);
    try {
      // The far runs' samples are not here before the report asks for them.
      const farReport = await made(far.connect(() => {}));
      const localReport = await made(local.connect(() => {}));
      expect(farReport.panels.map((panel) => panel.lines.length)).toEqual([2, 2]);
      expect(farReport.runs.map((run) => run.id)).toEqual([SPIKY, RESUMED]);
      expect(held(farReport)).toEqual(held(localReport));
      expect(farReport.stores.map((store) => store.root)).toEqual([sshd.address(farRoot)]);
    } finally {
      await far.close();
      await local.close();
    }
  });

  it('writes `munin-view report ssh://…` as the far machine would write it', async () => {
    const out = newDir();
    const farFile = join(out, 'far.html');
    const localFile = join(out, 'local.html');
    const runs = ['--runs', 'spiky,resumed', '--keys', 'train/'];
    const far = await runCli([
      'report',
      sshd.address(farRoot),
      ...runs,
      '-o',
      farFile,
      '--ssh-command',
      sshd.sshCommand,
      '--remote-command',
      FAR_COMMAND,
    ]);
    const local = await runCli(['report', farRoot, ...runs, '-o', localFile]);
    expect(far.stderr).toBe('');
    expect(far.status).toBe(0);
    expect(local.status).toBe(0);
    const what = (stdout: string) => stdout.replace(/^wrote .*?: /, '');
    expect(what(far.stdout)).toBe('2 runs, 2 curves (2 exact envelopes at 4,096 columns)\n');
    expect(what(far.stdout)).toBe(what(local.stdout));
    const farDocument = reportDocumentOf(readFileSync(farFile, 'utf8'));
    const localDocument = reportDocumentOf(readFileSync(localFile, 'utf8'));
    expect(held(farDocument)).toEqual(held(localDocument));
  });
});
