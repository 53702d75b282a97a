// Where a UI bench case's time goes: with MUNIN_BENCH_UI_PROFILE=dir, the page's JavaScript is
// sampled over the case (DevTools protocol Profiler), saved as dir/<case>.cpuprofile for the
// DevTools Performance panel, and its heaviest functions by self time printed to stderr.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BarePage, PageSession } from './bare-chromium.js';

const PROFILE_DIR = process.env['MUNIN_BENCH_UI_PROFILE'];
const TOP = 25;

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
  readonly startTime: number;
  readonly endTime: number;
}

/** Self ms per function (name, file and line), heaviest first. */
export function selfTimes(profile: Profile): { where: string; ms: number }[] {
  const whereOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.slice(url.lastIndexOf('/') + 1);
    whereOf.set(node.id, `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`);
  }
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample's time is the delta to the next one: the interval it stood for.
  for (let i = 0; i < samples.length; i++) {
    const where = whereOf.get(samples[i]!) ?? '?';
    const us = deltas[i + 1] ?? 0;
    totals.set(where, (totals.get(where) ?? 0) + us / 1000);
  }
  return [...totals].map(([where, ms]) => ({ where, ms })).sort((a, b) => b.ms - a.ms);
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string };
}

/**
 * Self ms per trace event name on the renderer's main thread: what the page's frames cost
 * outside script (style, layout, paint, compositing), which a JS profile calls "(program)".
 */
export function mainThreadSelfTimes(
  events: readonly TraceEvent[],
): { where: string; ms: number }[] {
  // Every page of the browser has a renderer main thread in the trace; the page traced is the
  // one that did the work, not the first named.
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const slicesOf = (main: TraceEvent): TraceEvent[] =>
    events.filter(
      (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined,
    );
  const busiest = mains
    .map(slicesOf)
    .reduce<TraceEvent[]>((best, next) => (next.length > best.length ? next : best), []);
  const slices = busiest.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const totals = new Map<string, number>();
  const open: { end: number; name: string }[] = [];
  for (const slice of slices) {
    while (open.length > 0 && open.at(-1)!.end <= slice.ts) open.pop();
    const parent = open.at(-1);
    // A nested slice's time is its parent's no more.
    if (parent !== undefined)
      totals.set(parent.name, (totals.get(parent.name) ?? 0) - slice.dur! / 1000);
    totals.set(slice.name, (totals.get(slice.name) ?? 0) + slice.dur! / 1000);
    open.push({ end: slice.ts + slice.dur!, name: slice.name });
  }
  return [...totals].map(([where, ms]) => ({ where, ms })).sort((a, b) => b.ms - a.ms);
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'blink',
  'cc',
];

/** The first TOP of a heaviest-first list, a line each as stderr shows them. */
function heaviest(times: readonly { where: string; ms: number }[]): string[] {
  return times.slice(0, TOP).map(({ where, ms }) => `  ${ms.toFixed(1).padStart(9)} ms  ${where}`);
}

/** Runs work, sampled when the profile directory is set; work's result either way. */
export async function profiled<T>(
  page: BarePage,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (PROFILE_DIR === undefined || PROFILE_DIR === '') return work();
  await page.startTracing(TRACE_CATEGORIES);
  const cdp: PageSession = await page.newCDPSession();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await cdp.detach();
    mkdirSync(PROFILE_DIR, { recursive: true });
    const file = join(PROFILE_DIR, `${name.replace(/[^\w.-]+/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const wall = (profile.endTime - profile.startTime) / 1000;
    const lines = heaviest(selfTimes(profile));
    const trace = JSON.parse(await page.stopTracing()) as {
      traceEvents: TraceEvent[];
    };
    writeFileSync(file.replace(/\.cpuprofile$/, '.trace.json'), JSON.stringify(trace));
    const slices = heaviest(mainThreadSelfTimes(trace.traceEvents));
    process.stderr.write(
      `main thread of ${name}, self time by trace event:\n${slices.join('\n')}\n`,
    );
    process.stderr.write(
      `profile of ${name} over ${wall.toFixed(0)} ms: ${file}\n${lines.join('\n')}\n`,
    );
  }
}
