// `munin-view demo DIR [--live] [--seed N]`: writes the demo store, prints what it wrote, and
// with --live keeps one run writing until SIGINT or SIGTERM, then ends it "killed".

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoReport } from './demo-store.js';
import { writeDemoStore } from './demo-store.js';
import { startLiveRun } from './live-run.js';

const USAGE =
  'usage: munin-view demo DIR [--live] [--seed N]  (--live on a store that has runs adds a live run)';

interface DemoArguments {
  readonly dir: string;
  readonly live: boolean;
  readonly seed: number | undefined;
}

function parseArguments(args: readonly string[]): DemoArguments {
  let dir: string | undefined;
  let live = false;
  let seed: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--live') {
      live = true;
    } else if (arg === '--seed') {
      const text = args[++i];
      if (text === undefined || !/^[0-9]+$/.test(text) || Number(text) > 0xffffffff) {
        throw new Error(`--seed takes an integer from 0 to 4294967295\n${USAGE}`);
      }
      seed = Number(text);
    } else if (arg.startsWith('-')) {
      throw new Error(`unknown option ${arg}\n${USAGE}`);
    } else if (dir === undefined) {
      dir = arg;
    } else {
      throw new Error(`demo takes one DIR\n${USAGE}`);
    }
  }
  if (dir === undefined) throw new Error(`demo needs a DIR to write the store in\n${USAGE}`);
  return { dir, live, seed };
}

function describeReport(report: DemoReport): string {
  const width = Math.max(...report.runs.map((run) => `${run.experiment}/${run.name}`.length));
  const lines = [`wrote a demo store in ${report.root}`, '', 'runs:'];
  for (const run of report.runs) {
    const title = `${run.experiment}/${run.name}`.padEnd(width);
    lines.push(
      `  ${run.id}  ${run.status.padEnd(8)}  ${title}  step ${String(run.lastStep).padStart(4)}  ${run.feature}`,
    );
  }
  lines.push('', 'artifacts:');
  for (const artifact of report.artifacts) {
    const aliases = [...artifact.aliases].map(([alias, n]) => `${alias} -> ${n}`).join(', ');
    const deleted = artifact.deleted.length > 0 ? `, deleted ${artifact.deleted.join(' ')}` : '';
    lines.push(
      `  ${artifact.name}: versions ${artifact.versions.join(' ')}${deleted}; aliases ${aliases}`,
    );
  }
  lines.push('', `read it back with: munin-view export ${report.root}`, '');
  return lines.join('\n');
}

function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

/** True when dir already holds a store's runs: --live then adds its run to them. */
function holdsRuns(dir: string): boolean {
  try {
    return readdirSync(join(dir, 'runs')).length > 0;
  } catch {
    // A probe: no runs/ (a new or empty folder) holds no runs; the demo writes it anew.
    return false;
  }
}

export async function demoCommand(args: string[]): Promise<void> {
  const { dir, live, seed } = parseArguments(args);
  if (live && holdsRuns(dir)) {
    process.stdout.write(`adding a live run to the store in ${dir}\n`);
  } else {
    const report = writeDemoStore(dir, seed === undefined ? {} : { seed });
    process.stdout.write(describeReport(report));
  }
  if (!live) return;
  const signal = untilSignal();
  const run = startLiveRun(dir);
  process.stdout.write(
    `live run ${run.id} (cifar-live/resnet18-live) is writing ten samples a second; ` +
      'stop it with Ctrl-C\n',
  );
  const received = await signal;
  run.stop();
  process.stdout.write(
    `${received}: ended live run ${run.id} as killed after ${run.steps()} steps\n`,
  );
}
