// RunFollower against a writer process: after every step, a subscriber's model equals a fresh read.

import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FollowResult } from '../../electron/follow/run-follower.js';
import { RunFollower } from '../../electron/follow/run-follower.js';
import { Prng } from '../support/prng.js';
import {
  applyFollow,
  freshRead,
  heldDifference,
  HeldRun,
  logDifference,
  storeRootOf,
} from '../support/live-model.js';
import {
  LineSource,
  metricsLine,
  readingLine,
  resumeLine,
  startLine,
  summaryLine,
} from '../support/live-lines.js';
import { liveDirs, liveWriters } from '../support/live-scratch.js';
import type { LiveWriter } from '../support/live-writer.js';

const newDir = liveDirs();
const startWriter = liveWriters();

type Op =
  | 'append'
  | 'burst'
  | 'hole'
  | 'fill'
  | 'kill'
  | 'close'
  | 'resume'
  | 'crash-resume'
  | 'replace'
  | 'shrink'
  | 'end'
  | 'noop';

interface Hole {
  at: number;
  bytes: Buffer;
}

/** Offsets just past each whole line of bytes, up to the first line that is not whole. */
function wholeLineEnds(bytes: Buffer): number[] {
  const ends: number[] = [];
  const nul = bytes.indexOf(0);
  for (let pos = 0; ;) {
    const lf = bytes.indexOf(0x0a, pos);
    if (lf < 0 || (nul >= 0 && nul < lf)) return ends;
    ends.push(lf + 1);
    pos = lf + 1;
  }
}

/** One seeded scenario: a log written and rewritten step by step, followed and checked. */
class Scenario {
  private readonly prng: Prng;
  private readonly source: LineSource;
  private readonly logPath: string;
  private readonly follower: RunFollower;
  private readonly held = new HeldRun();
  /** The run's writer, holding the lock; null between a writer's death and the next resume. */
  private writer: LiveWriter | null = null;
  private handle = 0;
  /** A writer process started ahead, so that a resume need not wait for one to start. */
  private spare: LiveWriter | null = null;
  /** What the file system does without a writer: fills holes, shrinks, replaces, deletes. */
  private fileSystem!: LiveWriter;
  private fsHandle = 0;
  /** A mirror of the file's bytes. */
  private disk = Buffer.alloc(0);
  /** Bytes of whole lines made but not written yet: the current line's rest, and more. */
  private pending = Buffer.alloc(0);
  private holes: Hole[] = [];
  private ended = false;
  private readonly history: string[] = [];

  constructor(
    readonly seed: number,
    dir: string,
  ) {
    this.prng = new Prng(seed);
    this.source = new LineSource(this.prng);
    mkdirSync(join(dir, 'runs', 'r'), { recursive: true });
    this.logPath = join(dir, 'runs', 'r', 'events.jsonl');
    this.follower = new RunFollower(this.logPath, dir);
  }

  async run(steps: number): Promise<void> {
    this.writer = startWriter();
    this.handle = await this.writer.open(this.logPath);
    this.fileSystem = startWriter();
    this.fsHandle = await this.fileSystem.open(this.logPath, { create: false, lock: false });
    this.pending = Buffer.from(this.source.start());
    await this.check('noop', 'read');
    for (let i = 0; i < steps; i++) {
      const op = this.choose(i / steps);
      await this.check(op, await this.perform(op));
    }
    await this.fileSystem.rename(this.logPath, join(this.logPath, '..', '.deleted'));
    await this.check('delete', 'vanished');
    await this.check('delete', 'vanished');
    await this.writer?.kill();
    await this.spare?.kill();
    await this.fileSystem.exit();
  }

  private nextWriter(): LiveWriter {
    const writer = this.spare ?? startWriter();
    this.spare = startWriter();
    return writer;
  }

  private choose(progress: number): Op {
    const weights: [Op, number][] = [];
    const alive = this.writer !== null && !this.ended;
    if (alive) {
      weights.push(['append', 45], ['burst', 3], ['hole', 8], ['kill', 2], ['close', 1]);
      weights.push(['crash-resume', 3]);
      if (progress > 0.7) weights.push(['end', 3]);
    } else if (!this.ended) {
      weights.push(['resume', 30]);
    }
    if (this.holes.length > 0) weights.push(['fill', 10]);
    if (!this.ended) weights.push(['replace', 1]);
    if (!this.ended && this.shrinkTargets().length > 0) weights.push(['shrink', 1]);
    weights.push(['noop', 3]);
    let roll = this.prng.next() * weights.reduce((sum, [, w]) => sum + w, 0);
    for (const [op, weight] of weights) {
      roll -= weight;
      if (roll < 0) return op;
    }
    return 'noop';
  }

  private ensurePending(bytes: number): void {
    const parts = [this.pending];
    let length = this.pending.length;
    while (length < bytes) {
      const next = Buffer.from(this.source.next());
      parts.push(next);
      length += next.length;
    }
    this.pending = Buffer.concat(parts);
  }

  private take(bytes: number): Buffer {
    const out = Buffer.from(this.pending.subarray(0, bytes));
    this.pending = this.pending.subarray(bytes);
    return out;
  }

  private async append(bytes: Buffer): Promise<void> {
    await this.writer!.append(this.handle, bytes);
    this.disk = Buffer.concat([this.disk, bytes]);
  }

  /** Appends bytes in 1 to 3 writes split at random places. */
  private async appendInPieces(bytes: Buffer): Promise<void> {
    const cuts = [0, bytes.length];
    for (let n = this.prng.int(3); n > 0; n--) cuts.push(this.prng.int(bytes.length + 1));
    cuts.sort((a, b) => a - b);
    for (let i = 1; i < cuts.length; i++) {
      if (cuts[i]! > cuts[i - 1]!) await this.append(bytes.subarray(cuts[i - 1], cuts[i]));
    }
  }

  private drawSize(): number {
    const { prng } = this;
    const roll = prng.next();
    if (roll < 0.35) return prng.range(1, 30);
    if (roll < 0.75) return prng.range(30, 600);
    return prng.range(600, 8000);
  }

  private async writerGone(kill: boolean): Promise<void> {
    if (this.writer === null) return;
    if (kill) await this.writer.kill();
    else await this.writer.exit();
    this.writer = null;
    this.pending = Buffer.alloc(0);
  }

  /** Whole-line offsets to shrink the log to: past the start, below what was read. */
  private shrinkTargets(): number[] {
    const ends = wholeLineEnds(this.disk);
    return ends.slice(1).filter((end) => end < this.follower.offset);
  }

  private async perform(op: Op): Promise<FollowResult['state']> {
    const { prng } = this;
    switch (op) {
      case 'append': {
        const size = this.drawSize();
        this.ensurePending(size);
        await this.appendInPieces(this.take(size));
        return 'read';
      }
      case 'burst': {
        this.ensurePending(prng.range(5_000, 60_000));
        await this.appendInPieces(this.take(this.pending.length));
        return 'read';
      }
      case 'hole': {
        // The file system shows a part of the log not yet sent as NUL bytes.
        const size = prng.range(1, 400);
        this.ensurePending(size);
        this.holes.push({ at: this.disk.length, bytes: this.take(size) });
        await this.append(Buffer.alloc(size));
        return 'read';
      }
      case 'fill': {
        const index = prng.int(this.holes.length);
        const hole = this.holes[index]!;
        let at = hole.at;
        let bytes = hole.bytes;
        if (bytes.length > 1 && prng.chance(0.4)) {
          // Part of the hole arrives: its start or its end.
          const split = prng.range(1, bytes.length - 1);
          if (prng.chance(0.5)) {
            this.holes[index] = { at: at + split, bytes: bytes.subarray(split) };
            bytes = bytes.subarray(0, split);
          } else {
            this.holes[index] = { at, bytes: bytes.subarray(0, split) };
            at += split;
            bytes = bytes.subarray(split);
          }
        } else {
          this.holes.splice(index, 1);
        }
        await this.fileSystem.writeAt(this.fsHandle, at, bytes);
        bytes.copy(this.disk, at);
        return 'read';
      }
      case 'kill': {
        // Killed mid-line, or between lines, when a write had left no line in progress.
        this.ensurePending(1);
        const lf = this.pending.indexOf(0x0a);
        if (lf > 0 && prng.chance(0.8)) await this.append(this.take(prng.range(1, lf)));
        await this.writerGone(true);
        return 'read';
      }
      case 'close':
        await this.writerGone(false);
        return 'read';
      case 'crash-resume': {
        // Lines written, the writer killed and a new one resumed, all before the next poll.
        const size = this.drawSize() * 4;
        this.ensurePending(size);
        await this.appendInPieces(this.take(size));
        await this.writerGone(true);
        return this.perform('resume');
      }
      case 'resume': {
        // A new writer takes the lock, cuts before the first line that is not whole, resumes.
        const writer = this.nextWriter();
        this.handle = await writer.open(this.logPath, { create: false });
        this.writer = writer;
        const cut = wholeLineEnds(this.disk).at(-1) ?? 0;
        await writer.truncate(this.handle, cut);
        this.disk = Buffer.from(this.disk.subarray(0, cut));
        this.holes = [];
        const below = this.source.maxStep > 0 && prng.chance(0.75);
        const step = below ? prng.int(this.source.maxStep) : this.source.maxStep + prng.int(3);
        let text = this.source.resume(step);
        if (prng.chance(0.5)) text += this.source.metricsHere();
        for (let n = prng.int(6); n > 0; n--) text += this.source.next();
        this.pending = Buffer.from(text);
        await this.appendInPieces(this.take(prng.chance(0.8) ? this.pending.length : 1));
        return 'read';
      }
      case 'replace': {
        // Another program puts a copy of the log, up to some whole line, in its place.
        await this.writerGone(true);
        const ends = wholeLineEnds(this.disk);
        const keep = ends.length === 0 ? 0 : ends[prng.int(ends.length)]!;
        const copy = Buffer.from(this.disk.subarray(0, keep));
        await this.fileSystem.replaceFile(this.logPath, copy);
        this.disk = copy;
        this.holes = [];
        await this.fileSystem.close(this.fsHandle);
        this.fsHandle = await this.fileSystem.open(this.logPath, { create: false, lock: false });
        return 'reset';
      }
      case 'shrink': {
        await this.writerGone(true);
        const size = prng.pick(this.shrinkTargets());
        await this.fileSystem.truncate(this.fsHandle, size);
        this.disk = Buffer.from(this.disk.subarray(0, size));
        this.holes = [];
        return 'reset';
      }
      case 'end': {
        let text =
          this.pending.toString('latin1') + Buffer.from(this.source.end()).toString('latin1');
        // Whatever follows an end is damaged.
        if (prng.chance(0.3)) text += Buffer.from(this.source.next()).toString('latin1');
        this.pending = Buffer.alloc(0);
        await this.appendInPieces(Buffer.from(text, 'latin1'));
        this.ended = true;
        await this.writerGone(false);
        return 'read';
      }
      case 'noop':
        return 'read';
    }
  }

  private fail(op: string, message: string): never {
    throw new Error(
      `seed ${this.seed} (set MUNIN_FOLLOW_SEED=${this.seed} to rerun), step ${this.history.length} (${op}): ${message}\n` +
        `steps before: ${this.history.slice(-12).join(' ')}`,
    );
  }

  private async check(op: Op | 'delete', expected: FollowResult['state']): Promise<void> {
    const result = this.follower.poll();
    this.history.push(op);
    if (result.state !== expected) this.fail(op, `poll gave ${result.state}, not ${expected}`);
    try {
      applyFollow(this.held, result, this.follower.log);
    } catch (error) {
      this.fail(op, (error as Error).message);
    }
    if (expected === 'vanished') return;
    if (!readFileSync(this.logPath).equals(this.disk))
      this.fail(op, 'the mirror of the log is off');
    if (op === 'noop' && result.state === 'read') {
      if (result.changes.length > 0 || result.recordsChanged)
        this.fail(op, `nothing was written, yet the poll told ${JSON.stringify(result)}`);
    }
    const { log, read } = freshRead(this.logPath);
    if (this.follower.offset !== read.offset)
      this.fail(op, `read up to ${this.follower.offset}, a fresh read up to ${read.offset}`);
    if (this.follower.stoppedAtNul !== read.stoppedAtNul)
      this.fail(op, `stopped at a NUL: ${this.follower.stoppedAtNul}, fresh: ${read.stoppedAtNul}`);
    const logDiff = logDifference(this.follower.log, log);
    if (logDiff !== null) this.fail(op, `the follower's log: ${logDiff}`);
    const heldDiff = heldDifference(this.held, log);
    if (heldDiff !== null) this.fail(op, `what a subscriber holds: ${heldDiff}`);
  }
}

const fixedSeed = process.env['MUNIN_FOLLOW_SEED'];
const SEEDS = fixedSeed !== undefined ? [Number(fixedSeed)] : [1, 2, 3, 20261101, 0xdecafbad];
const STEPS = Number(process.env['MUNIN_FOLLOW_STEPS'] ?? 200);

describe('RunFollower against a writer in another process', () => {
  it.each(SEEDS)(
    'seed %i: what a subscriber holds equals a fresh read after every step',
    async (seed) => {
      await new Scenario(seed, newDir()).run(STEPS);
    },
  );
});

/** A writer process with a fresh log open under lock, and a follower of it. */
async function followed(): Promise<{
  writer: LiveWriter;
  handle: number;
  path: string;
  follower: RunFollower;
  held: HeldRun;
  step: () => FollowResult;
}> {
  const dir = join(newDir(), 'runs', 'r');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'events.jsonl');
  const writer = startWriter();
  const handle = await writer.open(path);
  const follower = new RunFollower(path, storeRootOf(path));
  const held = new HeldRun();
  const step = (): FollowResult => {
    const result = follower.poll();
    applyFollow(held, result, follower.log);
    const { log } = freshRead(path);
    expect(logDifference(follower.log, log)).toBeNull();
    expect(heldDifference(held, log)).toBeNull();
    return result;
  };
  return { writer, handle, path, follower, held, step };
}

describe('RunFollower, one case at a time', () => {
  it('stops at a NUL hole with whole lines after it, and reads on once it is filled', async () => {
    const { writer, handle, follower, held, step } = await followed();
    const hidden = metricsLine(1, { loss: 0.5 });
    await writer.append(handle, startLine() + metricsLine(0, { loss: 1 }));
    step();
    await writer.append(handle, Buffer.alloc(Buffer.byteLength(hidden)));
    await writer.append(handle, metricsLine(2, { loss: 0.25 }));
    const waiting = step();
    expect(waiting).toEqual({
      state: 'read',
      changes: [],
      recordsChanged: false,
      fileChanged: true,
    });
    expect(follower.stoppedAtNul).toBe(true);
    expect(held.count('loss')).toBe(1);
    await writer.writeAt(handle, follower.offset, hidden);
    const filled = step();
    // The fill leaves the size as it was, and the time too within one tick of the clock.
    expect(filled).toMatchObject({
      state: 'read',
      changes: [{ kind: 'samples', key: 'loss', from: 1, to: 3 }],
      recordsChanged: false,
    });
    expect(follower.stoppedAtNul).toBe(false);
    await writer.exit();
  });

  it('a resume read with samples at its own step in one poll: nothing doubled', async () => {
    const { writer, handle, held, step } = await followed();
    let text = startLine();
    for (let s = 0; s < 5; s++) text += metricsLine(s, { loss: 1 / (s + 1) });
    await writer.append(handle, text);
    step();
    text = '';
    for (let s = 5; s < 10; s++) text += metricsLine(s, { loss: 1 / (s + 1) });
    text += readingLine(9, { 'sys/cpu': 0.5 });
    // The run went back to step 5, evaluated there again, and went on.
    text += resumeLine(5) + metricsLine(5, { loss: 0.75 }) + readingLine(5, { 'sys/cpu': 0.25 });
    text += metricsLine(6, { loss: 0.5 });
    await writer.append(handle, text);
    const result = step();
    expect(result.state).toBe('read');
    expect(held.series.get('loss')!.length).toBe(8);
    expect(held.series.get('sys/cpu')!.length).toBe(2);
    await writer.exit();
  });

  it('a poll that reads more than 65,536 samples of a key and a resume below them', async () => {
    const { writer, handle, held, step } = await followed();
    await writer.append(handle, startLine() + metricsLine(0, { loss: 1 }));
    step();
    const lines: string[] = [];
    for (let s = 1; s <= 70_000; s++) lines.push(metricsLine(s, { loss: s / 3 }));
    lines.push(resumeLine(10), metricsLine(11, { loss: 0.5 }), summaryLine(new Map([['k', 1n]])));
    await writer.append(handle, lines.join(''));
    const result = step();
    expect(result.state).toBe('read');
    expect(held.count('loss')).toBe(12);
    await writer.exit();
  });

  it('a writer killed mid-line: the tail is not read, and a resume cuts it', async () => {
    const { writer, handle, path, follower, held, step } = await followed();
    await writer.append(
      handle,
      startLine() + metricsLine(0, { loss: 1 }) + metricsLine(1, { loss: 2 }),
    );
    step();
    const partial = metricsLine(2, { loss: 3 }).slice(0, 25);
    await writer.append(handle, partial);
    await writer.kill();
    step();
    expect(follower.offset).toBe(readFileSync(path).length - partial.length);
    const next = startWriter();
    const resumed = await next.open(path, { create: false });
    await next.truncate(resumed, follower.offset);
    await next.append(resumed, resumeLine(0) + metricsLine(1, { loss: 4 }));
    const result = step();
    expect(result).toEqual({
      state: 'read',
      changes: [
        { kind: 'orphans-cut', step: 0 },
        { kind: 'samples', key: 'loss', from: 1, to: 2 },
      ],
      recordsChanged: true,
      fileChanged: true,
    });
    expect(held.series.get('loss')!.values.at(1)).toBe(4);
    await next.exit();
  });
});
