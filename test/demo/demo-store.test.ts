// The demo store read back by the reader: every status and feature the demo promises is there,
// the same seed writes the same store, and a directory that holds runs is refused.

import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readArtifacts } from '../../electron/store/artifacts.js';
import { verifyBlob } from '../../electron/store/blobs.js';
import type { RunRead } from '../../electron/store/log/read-run.js';
import { readRun } from '../../electron/store/log/read-run.js';
import { listRunIds } from '../../electron/store/store.js';
import type { DemoReport } from '../../electron/demo/demo-store.js';
import { writeDemoStore } from '../../electron/demo/demo-store.js';
import { CIFAR_CLASSES } from '../../electron/demo/simulated-training.js';

const NOW = 1_796_000_000;
const made: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'munin-demo-test-'));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

let root: string;
let report: DemoReport;
let runs: RunRead[];

function stepsOf(run: RunRead, key: string): number[] {
  const samples = run.log.series.get(key)!.samples;
  return Array.from({ length: samples.length }, (_, i) => samples.step(i));
}

function valuesOf(run: RunRead, key: string): number[] {
  const samples = run.log.series.get(key)!.samples;
  return Array.from({ length: samples.length }, (_, i) => samples.value(i));
}

function named(name: string): RunRead {
  const run = runs.find((r) => r.log.start!.name === name);
  if (run === undefined) throw new Error(`no run named ${name}`);
  return run;
}

beforeAll(() => {
  root = join(scratch(), 'store');
  report = writeDemoStore(root, { seed: 7, now: NOW });
  runs = listRunIds(root).map((id) => readRun(root, id));
});

describe('the demo store', () => {
  it('holds the runs it reports, started over the last few days, ids from start times', () => {
    expect(runs.map((r) => r.id)).toEqual(report.runs.map((r) => r.id));
    for (const run of runs) {
      const start = run.log.start!.time;
      expect(start).toBeLessThan(NOW);
      expect(start).toBeGreaterThan(NOW - 5 * 86400);
      const stamp = new Date(Math.floor(start) * 1000).toISOString().replace(/[-:]/g, '');
      expect(run.id.slice(0, 16)).toBe(`${stamp.slice(0, 15)}Z`);
      expect(run.log.damaged).toBe(0);
      const expected = report.runs.find((r) => r.id === run.id)!.status;
      expect(run.status).toBe(expected);
    }
  });

  it('has a sweep of six runs over lr and seed, one failing early, with goals declared', () => {
    const sweep = runs.filter((r) => r.log.start!.experiment === 'cifar-sweep');
    const nameOf = (r: RunRead): string => r.log.start!.name!;
    expect(sweep.map(nameOf).sort()).toEqual([
      'resnet18-lr0.03-s1',
      'resnet18-lr0.03-s2',
      'resnet18-lr0.03-s3',
      'resnet18-lr0.1-s1',
      'resnet18-lr0.1-s2',
      'resnet18-lr0.1-s3',
    ]);
    for (const run of sweep) {
      const params = run.log.start!.params;
      const name = `resnet18-lr${params.get('lr') as number}-s${params.get('seed') as bigint}`;
      expect(nameOf(run)).toBe(name);
      expect(params.get('batch')).toBe(128n);
      expect(run.status).toBe(name === 'resnet18-lr0.1-s3' ? 'failed' : 'finished');
      expect(run.log.declaration('train/loss')?.goal).toBe('minimize');
      expect(run.log.declaration('train/acc')?.goal).toBe('maximize');
      expect(run.log.declaration('eval/loss')).toMatchObject({
        goal: 'minimize',
        stepMetric: 'epoch',
      });
      expect(run.log.declaration('eval/acc')).toMatchObject({
        goal: 'maximize',
        stepMetric: 'epoch',
      });
      const last = run.status === 'failed' ? 1400 : 2000;
      expect(stepsOf(run, 'train/loss')).toHaveLength(last + 1);
      expect(stepsOf(run, 'eval/acc')).toEqual(
        Array.from({ length: last / 100 + 1 }, (_, i) => i * 100),
      );
      expect(stepsOf(run, 'epoch')).toEqual(stepsOf(run, 'eval/acc'));
      expect(run.log.series.get('train/lr')).toBeDefined();
      expect(run.log.uses.map((u) => u.name)).toContain('cifar10');
      expect(run.statisticsFromHint).toBe(true);
      expect(run.tags).toContain('sweep');
    }
    const failed = sweep.find((r) => r.status === 'failed')!;
    expect(failed.error).toContain('CUDA error: an illegal memory access');
    // The curves differ by lr and by seed: lr 0.1 beats lr 0.03 on each seed it finished, and
    // seed 2 trains better than seed 1, seed 3 worse.
    const accOf = (name: string): number =>
      sweep.find((r) => nameOf(r) === name)!.statistics.get('eval/acc')!.last.value;
    for (const seed of [1, 2])
      expect(accOf(`resnet18-lr0.1-s${seed}`)).toBeGreaterThan(accOf(`resnet18-lr0.03-s${seed}`));
    const finalLoss = (name: string): number =>
      sweep.find((r) => nameOf(r) === name)!.statistics.get('eval/loss')!.last.value;
    expect(finalLoss('resnet18-lr0.1-s2')).toBeLessThan(finalLoss('resnet18-lr0.1-s1') - 0.01);
    expect(finalLoss('resnet18-lr0.03-s3')).toBeGreaterThan(finalLoss('resnet18-lr0.03-s1') + 0.01);
    expect(valuesOf(failed, 'train/loss')).not.toEqual(
      valuesOf(named('resnet18-lr0.1-s1'), 'train/loss').slice(0, 1401),
    );
  });

  it('has a headline test/acc and a breakdown by class: one point each', () => {
    const finished = runs.filter(
      (r) => r.log.start!.experiment === 'cifar-sweep' && r.status === 'finished',
    );
    expect(finished).toHaveLength(5);
    for (const run of finished) {
      expect(stepsOf(run, 'test/acc')).toEqual([2000]);
      for (const name of CIFAR_CLASSES) {
        expect(stepsOf(run, `eval/acc_by_class/${name}`)).toEqual([2000]);
      }
    }
  });

  it('logs readings of the machine every ten steps, apart from the metrics', () => {
    const run = runs.find((r) => r.log.start!.experiment === 'cifar-sweep')!;
    expect(run.log.series.get('sys/cpu')!.kind).toBe('reading');
    expect(run.log.series.get('sys/mem')!.kind).toBe('reading');
    expect(stepsOf(run, 'sys/cpu').slice(0, 3)).toEqual([0, 10, 20]);
    expect(run.statistics.get('sys/cpu')!.kind).toBe('reading');
  });

  it('logs PNG images under two keys and a Markdown report as files', () => {
    const run = named('resnet18-lr0.1-s2');
    const paths = run.log.files.map((f) => f.path);
    const every = [0, 500, 1000, 1500, 2000];
    expect(paths).toEqual([
      ...every.flatMap((step) => [
        `files/samples/predictions/${step}.png`,
        `files/attention/head0/${step}.png`,
        `files/eval/report/${step}.md`,
      ]),
      'files/eval/confusion/2000.png',
    ]);
    for (const path of paths.filter((p) => p.endsWith('.png'))) {
      const png = readFileSync(join(run.dir, path));
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]));
      expect(png.readUInt32BE(16)).toBeGreaterThan(0);
    }
    // Each step's image is its own: a page that shows another step shows other pixels.
    const attention = every.map((step) =>
      readFileSync(join(run.dir, `files/attention/head0/${step}.png`)).toString('hex'),
    );
    expect(new Set(attention).size).toBe(every.length);
    expect(readFileSync(join(run.dir, 'files/eval/report/1000.md'), 'utf8')).toMatch(
      /^# Evaluation at step 1000\n[^]*\| eval\/acc \| 0\.\d{4} \|/,
    );
  });

  it('logs images under two keys in at least three runs of the sweep', () => {
    const sweep = runs.filter((r) => r.log.start!.experiment === 'cifar-sweep');
    const withBoth = sweep.filter((r) => {
      const keys = new Set(r.log.files.map((f) => f.key));
      return keys.has('samples/predictions') && keys.has('attention/head0');
    });
    expect(withBoth.length).toBeGreaterThanOrEqual(3);
  });

  it('has a failed run with its error, a killed run and a crashed run', () => {
    // The sweep's seed that fails part-way is the other failed run.
    const failed = runs.filter(
      (r) => r.status === 'failed' && r.log.start!.experiment !== 'cifar-sweep',
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toMatch(/^Traceback/);
    expect(failed[0]!.error).toContain('CUDA out of memory');
    expect(runs.filter((r) => r.status === 'killed')).toHaveLength(1);
    const crashed = runs.filter((r) => r.status === 'crashed');
    expect(crashed).toHaveLength(1);
    expect(crashed[0]!.log.end).toBeNull();
    expect(crashed[0]!.writer).not.toBeNull();
    expect(existsSync(join(crashed[0]!.dir, 'stats.json'))).toBe(false);
  });

  it('has a resumed run whose log holds orphans that the reader leaves out', () => {
    const run = named('resnet18-finetune');
    expect(run.status).toBe('finished');
    expect(run.log.resumes.map((r) => r.step)).toEqual([400]);
    expect(run.log.start!.parent).toBe(named('resnet18-lr0.1-s2').id);
    const steps = stepsOf(run, 'train/loss');
    expect(steps).toEqual(Array.from({ length: 1001 }, (_, i) => i));
    const raw = readFileSync(join(run.dir, 'events.jsonl'), 'utf8');
    const logged = raw
      .split('\n')
      .filter((line) => line.startsWith('{"type":"metrics"') && line.includes('"train/loss"'));
    expect(logged).toHaveLength(1001 + 200);
    expect(run.statistics.get('train/loss')!.count).toBe(1001);
    expect(run.log.files.map((f) => f.path)).toContain('files/samples/predictions/500-1.png');
    expect(run.log.files.map((f) => f.path)).not.toContain('files/samples/predictions/500.png');
    expect(run.log.uses.map((u) => `${u.name}:${u.version}`)).toEqual([
      'cifar10:1',
      'cifar-resnet:3',
      'cifar-resnet:4',
    ]);
  });

  it('has a run whose loss diverges to +Inf and NaN, stated in its statistics', () => {
    const run = named('resnet18-lr3');
    const loss = valuesOf(run, 'train/loss');
    expect(loss).toContain(Infinity);
    expect(loss.some(Number.isNaN)).toBe(true);
    const stats = run.statistics.get('train/loss')!;
    expect(stats.nonFinite!.first.value).toBe(Infinity);
    expect(stats.nonFinite!.count).toBeGreaterThan(100);
    expect(Number.isNaN(stats.last.value)).toBe(true);
    expect(stats.finite).not.toBeNull();
    expect(Number.isNaN(run.log.start!.params.get('grad_clip') as number)).toBe(true);
    expect(Number.isNaN(run.log.summary.get('final_loss') as number)).toBe(true);
  });

  it('has artifacts with versions, aliases and a deleted version', () => {
    const artifacts = new Map(readArtifacts(root).map((a) => [a.name, a]));
    const model = artifacts.get('cifar-resnet')!;
    expect([...model.versions.keys()]).toEqual([1, 2, 3, 4]);
    expect(model.versions.get(2)!.deleted).toBe(true);
    expect(model.aliases).toEqual(
      new Map([
        ['best', 3],
        ['latest', 4],
        ['prod', 4],
      ]),
    );
    expect(model.latest).toBe(4);
    const dataset = artifacts.get('cifar10')!;
    expect(dataset.latest).toBe(1);
    const ids = new Set(runs.map((r) => r.id));
    for (const artifact of [model, dataset]) {
      for (const version of artifact.versions.values()) {
        if (version.deleted) continue;
        expect(ids.has(version.members.get('run') as string)).toBe(true);
        expect(verifyBlob(root, version.members.get('digest') as string)).toBe('intact');
      }
    }
    const first = dataset.versions.get(1)!;
    const datasetDigest = first.deleted ? '' : (first.members.get('digest') as string);
    expect(existsSync(join(root, 'blobs/blake2b-256', datasetDigest.slice(12), 'train'))).toBe(
      true,
    );
  });

  it('has tags and notes', () => {
    expect(named('resnet18-lr0.1-s1').tags).toEqual(['baseline', 'sweep']);
    expect(named('resnet18-lr0.1-s2').tags).toEqual(['best', 'sweep']);
    expect(named('resnet18-lr0.1-s2').notes).toMatch(/^# Best of the lr sweep\n/);
    expect(named('resnet18-lr0.1-s1').notes).toContain('# Baseline');
    expect(runs.filter((r) => r.notes !== null).length).toBeGreaterThanOrEqual(4);
  });

  it('is the same store for the same seed and time', () => {
    const again = join(scratch(), 'store');
    const second = writeDemoStore(again, { seed: 7, now: NOW });
    expect(second.runs.map((r) => r.id)).toEqual(report.runs.map((r) => r.id));
    for (const { id } of report.runs) {
      const log = (dir: string): Buffer => readFileSync(join(dir, 'runs', id, 'events.jsonl'));
      expect(log(again).equals(log(root))).toBe(true);
    }
  });

  it('refuses a directory that already holds runs, and takes one whose runs/ is empty', () => {
    expect(() => writeDemoStore(root, { seed: 1, now: NOW })).toThrow(/already holds runs/);
    const file = join(scratch(), 'file');
    writeFileSync(file, '');
    expect(() => writeDemoStore(file)).toThrow(/is not a directory/);
    const empty = scratch();
    mkdirSync(join(empty, 'runs'));
    expect(writeDemoStore(empty, { seed: 2, now: NOW }).runs.length).toBe(report.runs.length);
  });
});
