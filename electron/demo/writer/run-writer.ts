// A run's writer: claims the run's directory, holds the lock on its log for its whole life,
// appends records as munin writes them, keeps each key's statistics as it logs, and ends the
// run with stats.json. A resume takes over a run that has no end.

import {
  closeSync,
  constants,
  copyFileSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  mkdirSync,
  openSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, extname, join } from 'node:path';
import { encodeJsonString } from '../../../shared/format/json.js';
import type { EndStatus, Goal, LogRecord, SeriesKind } from '../../../shared/format/records.js';
import { encodeRecord } from '../../../shared/format/records.js';
import { isSegment, isText } from '../../../shared/format/names.js';
import { encodeStatsHint } from '../../../shared/format/stats-hint.js';
import type { KeyStatistics } from '../../../shared/series/statistics.js';
import { StatisticsAccumulator } from '../../../shared/series/statistics.js';
import { hostIdentities } from '../../store/identities.js';
import { readLogInto } from '../../store/log/log-bytes.js';
import { realStoreRoot } from '../../store/store-files.js';
import { RunLog } from '../../store/log/run-fold.js';
import { LOG_FILE } from '../../store/log/read-run.js';
import type { SampleValues, Values } from './argument-checks.js';
import {
  checkSamples,
  checkValues,
  requireKey,
  requireSegment,
  requireStep,
  requireText,
  requireTime,
  requireVersionNumber,
  wellFormed,
} from './argument-checks.js';
import { quoted } from '../../store/writer/text-checks.js';
import { errorCode } from '../../error-code.js';
import {
  describeError,
  removeQuietly,
  replaceFileWhole,
  syncPath,
  workInProgressName,
  writeAll,
} from '../../store/writer/durable-files.js';
import { lockRunLog } from './locks.js';
import type { Clock } from './clock.js';
import { wallClock } from './clock.js';
import type { ProvenanceInput } from './provenance.js';
import { gitDiff, resolveProvenance } from './provenance.js';
import type { RandomBits } from './run-id.js';
import { cryptoRandomBits, runIdFor } from './run-id.js';

export interface CreateOptions {
  readonly experiment: string;
  readonly name?: string;
  /** The id of another run of the store this run continues from. */
  readonly parent?: string;
  /** The largest step the run will log. */
  readonly steps?: number;
  /** Integers are bigints and floats are numbers, so 64n writes 64 and 64 writes 64.0. */
  readonly params: Values;
  /** Options for the provenance built of this process, or a provenance to write as given. */
  readonly provenance?: ProvenanceInput;
  readonly clock?: Clock;
  /** The 32 random bits of the id; drawn from the system's random source by default. */
  readonly randomBits?: RandomBits;
}

export interface ResumeOptions {
  /** The step of the last sample the restored state includes; later steps follow it. */
  readonly step: number;
  readonly provenance?: ProvenanceInput;
  readonly clock?: Clock;
}

export interface MetricOptions {
  readonly goal?: Goal;
  /** Another metric's key: this metric's samples pair with that one's at the same step. */
  readonly stepMetric?: string;
}

interface KeyFold {
  readonly kind: SeriesKind;
  readonly fold: StatisticsAccumulator;
}

const ID_ATTEMPTS = 64;
const END_STATUSES: readonly EndStatus[] = ['finished', 'failed', 'killed'];

function writerFileText(): string {
  const { machine, boot } = hostIdentities();
  const members: string[] = [];
  if (machine !== null) members.push(`"machine":${encodeJsonString(machine)}`);
  if (boot !== null) members.push(`"boot":${encodeJsonString(boot)}`);
  return `{${members.join(',')}}`;
}

/** Replaces the run's writer file with this process's identities, before a start or resume. */
function writeWriterFile(dir: string): void {
  replaceFileWhole(dir, 'writer', Buffer.from(writerFileText(), 'utf8'), 'writer');
}

function kindOfRecord(kind: SeriesKind): string {
  return kind === 'metric' ? 'a metric' : 'a reading';
}

export class RunWriter {
  private fd: number | null;
  /** The log's length in bytes: where the next record goes, and the length stats.json states. */
  private length: number;
  private readonly kinds = new Map<string, SeriesKind>();
  private readonly goals = new Map<string, Goal | null>();
  private readonly folds = new Map<string, KeyFold>();
  private step = 0;
  private endStatus: EndStatus | null = null;

  private constructor(
    readonly root: string,
    readonly id: string,
    readonly dir: string,
    readonly logPath: string,
    fd: number,
    length: number,
    private readonly clock: Clock,
  ) {
    this.fd = fd;
    this.length = length;
  }

  /**
   * Starts a new run: draws its id from the start time, claims runs/<id> by creating it, locks
   * its log, writes the writer file (and git.diff when the work tree is dirty), appends the
   * start and syncs.
   */
  static create(root: string, options: CreateOptions): RunWriter {
    const clock = options.clock ?? wallClock;
    const experiment = requireText(options.experiment, 'experiment');
    const name = options.name === undefined ? null : requireText(options.name, 'run name');
    const steps = options.steps === undefined ? null : requireStep(options.steps, 'steps');
    const params = checkValues(options.params, 'param');
    const parent = options.parent === undefined ? null : requireParent(root, options.parent);
    const built = resolveProvenance(options.provenance);
    const runsDir = join(root, 'runs');
    mkdirSync(runsDir, { recursive: true });
    const randomBits = options.randomBits ?? cryptoRandomBits;
    // One reading of the clock is the start's time and names the run, so the two agree.
    const startTime = requireTime(clock(), 'the clock');
    let id: string | undefined;
    for (let attempt = 0; id === undefined; attempt++) {
      const candidate = runIdFor(startTime, randomBits());
      try {
        mkdirSync(join(runsDir, candidate));
        id = candidate;
      } catch (error) {
        if (errorCode(error) !== 'EEXIST' || attempt + 1 >= ID_ATTEMPTS) throw error;
      }
    }
    const dir = join(runsDir, id);
    const logPath = join(dir, LOG_FILE);
    let fd: number | undefined;
    try {
      fd = openSync(
        logPath,
        constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_EXCL,
        0o644,
      );
      lockRunLog(fd, logPath);
      writeWriterFile(dir);
      if (built.git?.dirty === true) {
        replaceFileWhole(dir, 'git.diff', gitDiff(built.cwd), 'git.diff');
      }
      const writer = new RunWriter(root, id, dir, logPath, fd, 0, clock);
      writer.append({
        type: 'start',
        time: startTime,
        experiment,
        name,
        parent,
        steps,
        params,
        provenance: built.provenance,
      });
      fsyncSync(fd);
      return writer;
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      // Nothing is a run here yet (no whole first line), so the claim can go.
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Continues a run that has no end: takes its lock (failing when a writer holds it), reads the
   * log once for its kinds and statistics, cuts it before its first line that is not whole,
   * replaces the writer file and appends a resume record at `step`.
   */
  static resume(root: string, id: string, options: ResumeOptions): RunWriter {
    requireSegment(id, 'run id');
    const step = requireStep(options.step, 'resume step');
    const clock = options.clock ?? wallClock;
    const built = resolveProvenance(options.provenance);
    const dir = join(root, 'runs', id);
    const logPath = join(dir, LOG_FILE);
    let fd: number;
    try {
      fd = openSync(logPath, constants.O_RDWR | constants.O_APPEND);
    } catch (error) {
      if (errorCode(error) === 'ENOENT')
        throw new Error(`no run ${quoted(id)} in ${root}: ${logPath} does not exist`);
      throw error;
    }
    try {
      lockRunLog(fd, logPath);
      const runLog = new RunLog();
      const read = readLogInto(logPath, realStoreRoot(root), runLog);
      if (runLog.start === null || runLog.unreadable !== null) {
        throw new Error(
          runLog.unreadable?.reason === 'foreign-format'
            ? `run ${quoted(id)} is of format ${runLog.unreadable.format}, which this writer does not write`
            : `run ${quoted(id)} cannot be resumed: its log has no start record`,
        );
      }
      if (runLog.end !== null) {
        throw new Error(
          `run ${quoted(id)} has ended (${runLog.end.status}); an ended run cannot be resumed`,
        );
      }
      ftruncateSync(fd, read.offset);
      writeWriterFile(dir);
      const writer = new RunWriter(root, id, dir, logPath, fd, read.offset, clock);
      const line = writer.append({
        type: 'resume',
        time: writer.now(),
        step,
        provenance: built.provenance,
      });
      // The run's own fold of the resume leaves the orphans out of the statistics kept from here.
      runLog.applyLine(line, 0, line.length - 1);
      writer.learnFrom(runLog);
      fsyncSync(fd);
      return writer;
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  /** The step a reading is given: that of the last metrics or resume record, or 0. */
  get currentStep(): number {
    return this.step;
  }

  /** The kind a key has in this run, when it has one. */
  kindOf(key: string): SeriesKind | undefined {
    return this.kinds.get(key);
  }

  /** True once the writer has let the run go, by an end or without one. */
  get closed(): boolean {
    return this.fd === null;
  }

  /** Declares a metric, with its goal and step_metric; a later declaration replaces it. */
  metric(key: string, options: MetricOptions = {}): void {
    requireKey(key, 'metric key');
    const { goal, stepMetric } = options;
    if (goal !== undefined && goal !== 'minimize' && goal !== 'maximize') {
      throw new Error(
        `goal ${String(goal)} of ${quoted(key)} is neither "minimize" nor "maximize"`,
      );
    }
    if (stepMetric !== undefined) {
      requireKey(stepMetric, 'step_metric');
      if (stepMetric === key)
        throw new Error(`metric ${quoted(key)} cannot be its own step_metric`);
      this.refuseOtherKind(stepMetric, 'metric');
    }
    this.refuseOtherKind(key, 'metric');
    this.append({
      type: 'metric',
      time: this.now(),
      key,
      goal: goal ?? null,
      stepMetric: stepMetric ?? null,
    });
    this.kinds.set(key, 'metric');
    this.goals.set(key, goal ?? null);
  }

  /** Logs metrics samples at step; time is when they were taken, the writer's clock by default. */
  log(step: number, values: SampleValues, time?: number): void {
    requireStep(step);
    const samples = checkSamples(values, 'metric');
    const at = time === undefined ? this.now() : requireTime(time);
    for (const key of samples.keys()) this.refuseOtherKind(key, 'metric');
    this.append({ type: 'metrics', time: at, step, values: samples });
    this.fold('metric', step, at, samples);
    this.step = step;
  }

  /** Logs readings of the machine taken now, at the step of the last metrics or resume record. */
  reading(values: SampleValues): void {
    const samples = checkSamples(values, 'reading');
    for (const key of samples.keys()) this.refuseOtherKind(key, 'reading');
    const time = this.now();
    this.append({ type: 'reading', time, step: this.step, values: samples });
    this.fold('reading', this.step, time, samples);
  }

  /**
   * Logs a copy of the file at sourcePath under key at step, as files/<key>/<step><ext> (or
   * <step>-<k><ext> for the least free k), complete and synced before the record names it.
   * Returns its path relative to the run's directory.
   */
  file(key: string, step: number, sourcePath: string): string {
    requireKey(key, 'file key');
    requireStep(step);
    const ext = extname(basename(sourcePath));
    if (ext.length > 0 && !isText(ext)) {
      throw new Error(
        `the extension of ${quoted(sourcePath)} is not a text, so no file name holds it`,
      );
    }
    let isFile: boolean;
    try {
      isFile = statSync(sourcePath).isFile();
    } catch (error) {
      throw new Error(`cannot log ${sourcePath}: ${describeError(error)}`, { cause: error });
    }
    if (!isFile) throw new Error(`cannot log ${sourcePath}: it is not a regular file`);
    this.openFd();
    const keyDir = join(this.dir, 'files', ...key.split('/'));
    mkdirSync(keyDir, { recursive: true });
    const temporary = join(keyDir, workInProgressName('file'));
    let name: string | undefined;
    try {
      copyFileSync(sourcePath, temporary, constants.COPYFILE_EXCL);
      syncPath(temporary);
      for (let k = 0; name === undefined; k++) {
        const candidate = k === 0 ? `${step}${ext}` : `${step}-${k}${ext}`;
        try {
          // A link names the complete file in one step, and fails when the name is taken.
          linkSync(temporary, join(keyDir, candidate));
          name = candidate;
        } catch (error) {
          if (errorCode(error) !== 'EEXIST') throw error;
        }
      }
    } finally {
      removeQuietly(temporary);
    }
    const path = `files/${key}/${name}`;
    this.append({ type: 'file', time: this.now(), key, step, path });
    return path;
  }

  /** States values about the run; each replaces the run's earlier value of its name. */
  summary(values: Values): void {
    const checked = checkValues(values, 'summary value');
    this.append({ type: 'summary', time: this.now(), values: checked });
  }

  /** Records that the run used version `version` of the artifact `name`. */
  use(name: string, version: number): void {
    requireSegment(name, 'artifact name');
    requireVersionNumber(version);
    this.append({ type: 'use', time: this.now(), name, version });
  }

  /** Syncs the log, so that what it holds survives a power loss. */
  sync(): void {
    fsyncSync(this.openFd());
  }

  /**
   * Ends the run: appends the end, syncs, writes stats.json and lets the lock go. A failed run
   * states its error. If stats.json cannot be written the run has ended all the same, and
   * readers fold its log.
   */
  end(status: 'finished' | 'killed'): void;
  end(status: 'failed', error: string): void;
  end(status: EndStatus, error?: string): void {
    if (!END_STATUSES.includes(status)) {
      throw new Error(`end status ${String(status)} is not "finished", "failed" or "killed"`);
    }
    if (status === 'failed' && error === undefined) {
      throw new Error('a failed end states its error');
    }
    if (status !== 'failed' && error !== undefined) {
      throw new Error(`only a failed end states an error, not a ${status} one`);
    }
    const fd = this.openFd();
    this.append({
      type: 'end',
      time: this.now(),
      status,
      // The error comes from the system: what has no UTF-8 form is replaced, not refused.
      error: status === 'failed' ? wellFormed(requireErrorString(error)) : null,
    });
    this.endStatus = status;
    fsyncSync(fd);
    try {
      replaceFileWhole(this.dir, 'stats.json', Buffer.from(this.statsHint(), 'utf8'), 'stats');
    } catch {
      // The hint only saves readers a fold; without it they fold the log.
    }
    this.release();
  }

  /**
   * Lets the run go without an end, as a crash would: closes the log, which releases its lock.
   * The run then reads crashed on this boot, and a later resume can continue it.
   */
  abandon(): void {
    this.release();
  }

  /** stats.json's text for the log as written so far. */
  statsHint(): string {
    return encodeStatsHint(this.length, this.statistics());
  }

  /** Each key's statistics as a reader folds them from this log, orphans left out. */
  statistics(): Map<string, KeyStatistics> {
    const out = new Map<string, KeyStatistics>();
    for (const [key, { kind, fold }] of this.folds) {
      const stats = fold.result(kind, this.goals.get(key) ?? null);
      if (stats !== null) out.set(key, stats);
    }
    return out;
  }

  private now(): number {
    return requireTime(this.clock(), 'the clock');
  }

  private openFd(): number {
    if (this.fd === null) {
      throw new Error(
        this.endStatus !== null
          ? `run ${this.id} has ended (${this.endStatus}); its writer writes no more`
          : `the writer of run ${this.id} has let the run go`,
      );
    }
    return this.fd;
  }

  private release(): void {
    const fd = this.openFd();
    this.fd = null;
    // Closing the only descriptor of the log releases its lock.
    closeSync(fd);
  }

  private refuseOtherKind(key: string, kind: SeriesKind): void {
    const known = this.kinds.get(key);
    if (known !== undefined && known !== kind) {
      throw new Error(
        `key ${quoted(key)} is ${kindOfRecord(known)}'s in this run, so it cannot be ${kindOfRecord(kind)}'s`,
      );
    }
  }

  /** Appends one record as one line in one write; returns the line's bytes. */
  private append(record: LogRecord): Buffer {
    const fd = this.openFd();
    const line = Buffer.from(`${encodeRecord(record)}\n`, 'utf8');
    try {
      writeAll(fd, line);
    } catch (error) {
      // A record cut short would run into the next one: take its bytes back.
      try {
        ftruncateSync(fd, this.length);
      } catch {
        // Left as a line that is not whole, which readers stop at and a resume cuts.
      }
      throw new Error(`cannot append to ${this.logPath}: ${describeError(error)}`, {
        cause: error,
      });
    }
    this.length += line.length;
    return line;
  }

  private fold(kind: SeriesKind, step: number, time: number, samples: Map<string, number>): void {
    for (const [key, value] of samples) {
      let entry = this.folds.get(key);
      if (entry === undefined) {
        this.kinds.set(key, kind);
        entry = { kind, fold: new StatisticsAccumulator() };
        this.folds.set(key, entry);
      }
      entry.fold.add(step, time, value);
    }
  }

  private learnFrom(runLog: RunLog): void {
    for (const [key, kind] of runLog.kinds) this.kinds.set(key, kind);
    for (const [key, declaration] of runLog.metricDeclarations)
      this.goals.set(key, declaration.goal);
    for (const [key, series] of runLog.series) {
      const fold = new StatisticsAccumulator();
      const { samples } = series;
      for (let i = 0; i < samples.length; i++)
        fold.add(samples.step(i), samples.time(i), samples.value(i));
      this.folds.set(key, { kind: series.kind, fold });
    }
    this.step = runLog.currentStep;
  }
}

function requireErrorString(error: string | undefined): string {
  if (typeof error !== 'string') throw new Error('the error of a failed end is a string');
  return error;
}

function requireParent(root: string, parent: string): string {
  if (!isSegment(parent)) throw new Error(`parent ${quoted(parent)} is not a run id`);
  try {
    statSync(join(root, 'runs', parent, LOG_FILE));
  } catch (error) {
    throw new Error(`parent ${quoted(parent)} is not a run of the store at ${root}`, {
      cause: error,
    });
  }
  return parent;
}
