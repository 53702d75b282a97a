// A parsed formula evaluated over held series into a derived Series, node by node, each node
// taking in only what its inputs gained; a node that would have to change a sample it already
// gave out says so, and the whole view is built again.

import type { BinaryOp, FormulaNode, ParsedFormula } from '../../../shared/series/formula-parse.js';
import { DebiasedEma } from '../../../shared/series/curve-math.js';
import type { SeriesSamples } from '../../../shared/series/derived-series.js';
import { SampleColumns } from '../../../shared/series/sample-columns.js';
import { Series } from '../../store/log/samples-fold.js';

/** Where a view's inputs come from: the held series of a key, of the run or a baseline run. */
export interface ViewInputs {
  /** The key's held series; run null is the view's own run. Throws a ViewRefusal when absent. */
  series(run: string | null, key: string): Series;
  /** The time of the run's first sample, from which `time` counts. */
  origin(run: string | null): number;
}

/** Why a view cannot be evaluated now: a key or run it reads is not there. */
export class ViewRefusal extends Error {}

/** A node's output so far, and the taking in of what its inputs gained. */
interface EvalNode {
  readonly out: SeriesSamples;
  /** The first sample time of the run the node's samples come from (its left operand's). */
  readonly origin: number;
  /** False when a sample already given out would change: the view must be built again. */
  update(): boolean;
}

/** A value of no key: a constant, or a function of a sample's step and time. */
type SampleFunction = (step: number, time: number) => number;

type Compiled =
  | { readonly kind: 'series'; readonly node: EvalNode }
  | { readonly kind: 'function'; readonly f: SampleFunction };

const BINARY: Readonly<Record<BinaryOp, (a: number, b: number) => number>> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '^': (a, b) => Math.pow(a, b),
};

const MAP: Readonly<Record<string, (x: number) => number>> = {
  log: Math.log,
  log10: Math.log10,
  exp: Math.exp,
  sqrt: Math.sqrt,
  abs: Math.abs,
};

/** A held series as a node: its samples read in place, up to the length at the last update. */
class KeyNode implements EvalNode {
  private length = 0;
  private readonly generation: number;
  readonly out: SeriesSamples;

  constructor(
    private readonly held: Series,
    private readonly resolve: () => Series,
    readonly origin: number,
  ) {
    this.generation = held.generation;
    const samples = () => this.held.samples;
    const length = () => this.length;
    this.out = {
      get length() {
        return length();
      },
      step: (i) => samples().step(i),
      time: (i) => samples().time(i),
      value: (i) => samples().value(i),
    };
  }

  update(): boolean {
    let now: Series;
    try {
      now = this.resolve();
    } catch {
      return false;
    }
    // Another series (a stream read afresh) or a cut: what was read is not there to extend.
    if (now !== this.held || now.generation !== this.generation) return false;
    this.length = this.held.samples.length;
    return true;
  }
}

/** A function applied sample by sample: `time` is seconds since the run's first sample. */
class MapNode implements EvalNode {
  readonly out = new SampleColumns();
  readonly origin: number;

  constructor(
    private readonly input: EvalNode,
    private readonly f: (value: number, step: number, time: number) => number,
  ) {
    this.origin = input.origin;
  }

  update(): boolean {
    if (!this.input.update()) return false;
    const { out, input } = this;
    const from = input.out;
    for (let i = out.length; i < from.length; i++) {
      const step = from.step(i);
      const time = from.time(i);
      out.push(step, time, this.f(from.value(i), step, time - this.origin));
    }
    return true;
  }
}

/**
 * Two series paired by step: at each step both have, the last sample of each there, at the left
 * one's time, in the left one's order. While both keep their steps in order this is a merge
 * taken on from where the new samples start; a step going back is paired by lookup, once.
 */
class PairNode implements EvalNode {
  readonly out = new SampleColumns();
  readonly origin: number;
  private leftDone = 0;
  private rightDone = 0;
  private inOrder = true;
  private lastStep = -Infinity;

  constructor(
    private readonly left: EvalNode,
    private readonly right: EvalNode,
    private readonly op: (a: number, b: number) => number,
  ) {
    this.origin = left.origin;
  }

  update(): boolean {
    if (!this.left.update() || !this.right.update()) return false;
    const a = this.left.out;
    const b = this.right.out;
    const L = a.length;
    const R = b.length;
    if (L === this.leftDone && R === this.rightDone) return true;
    const fresh = this.leftDone === 0 && this.rightDone === 0;
    if (this.inOrder && (!inOrder(a, this.leftDone, L) || !inOrder(b, this.rightDone, R)))
      this.inOrder = false;
    if (!this.inOrder) {
      if (!fresh) return false;
      this.byLookup(L, R);
    } else {
      let frontier = Infinity;
      if (L > this.leftDone) frontier = a.step(this.leftDone);
      if (R > this.rightDone) frontier = Math.min(frontier, b.step(this.rightDone));
      // A new sample at a step already paired changes that pair.
      if (frontier <= this.lastStep) return false;
      this.merge(lowerBound(a, frontier, L), L, lowerBound(b, frontier, R), R);
    }
    this.leftDone = L;
    this.rightDone = R;
    return true;
  }

  private merge(i: number, L: number, j: number, R: number): void {
    const a = this.left.out;
    const b = this.right.out;
    while (i < L && j < R) {
      const s = a.step(i);
      const t = b.step(j);
      if (s < t) i++;
      else if (t < s) j++;
      else {
        while (i + 1 < L && a.step(i + 1) === s) i++;
        while (j + 1 < R && b.step(j + 1) === s) j++;
        this.emit(i, j);
        this.lastStep = s;
        i++;
        j++;
      }
    }
  }

  private byLookup(L: number, R: number): void {
    const a = this.left.out;
    const b = this.right.out;
    const lastLeft = lastIndexByStep(a, L);
    const lastRight = lastIndexByStep(b, R);
    for (let i = 0; i < L; i++) {
      const step = a.step(i);
      if (lastLeft.get(step) !== i) continue;
      const j = lastRight.get(step);
      if (j !== undefined) this.emit(i, j);
    }
  }

  private emit(i: number, j: number): void {
    const a = this.left.out;
    this.out.push(a.step(i), a.time(i), this.op(a.value(i), this.right.out.value(j)));
  }
}

function inOrder(samples: SeriesSamples, from: number, to: number): boolean {
  for (let k = Math.max(from, 1); k < to; k++)
    if (samples.step(k) < samples.step(k - 1)) return false;
  return true;
}

/** The first index below `to` whose step is at least `step`, in samples ordered by step. */
function lowerBound(samples: SeriesSamples, step: number, to: number): number {
  let lo = 0;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (samples.step(mid) < step) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lastIndexByStep(samples: SeriesSamples, to: number): Map<number, number> {
  const last = new Map<number, number>();
  for (let i = 0; i < to; i++) last.set(samples.step(i), i);
  return last;
}

/** A function of a series in sample order, carried on from its state as samples come. */
class SequenceNode implements EvalNode {
  readonly out = new SampleColumns();
  readonly origin: number;
  private done = 0;

  constructor(
    private readonly input: EvalNode,
    /** The output value of the next input value, or undefined for no sample. */
    private readonly next: (value: number) => number | undefined,
  ) {
    this.origin = input.origin;
  }

  update(): boolean {
    if (!this.input.update()) return false;
    const from = this.input.out;
    for (let i = this.done; i < from.length; i++) {
      const value = this.next(from.value(i));
      if (value !== undefined) this.out.push(from.step(i), from.time(i), value);
    }
    this.done = from.length;
    return true;
  }
}

function sequence(name: 'ema' | 'diff' | 'cumsum', weight: number): SequenceNode['next'] {
  if (name === 'ema') {
    // The app's smoothing itself, so ema(k, w) draws as k smoothed by w does.
    const ema = new DebiasedEma(weight);
    return (v) => ema.next(v);
  }
  if (name === 'diff') {
    let previous: number | undefined;
    return (v) => {
      const out = previous === undefined ? undefined : v - previous;
      previous = v;
      return out;
    };
  }
  // As smoothing does, a non-finite sample stays itself and does not enter the sum.
  let sum = 0;
  return (v) => {
    if (!Number.isFinite(v)) return v;
    sum += v;
    return sum;
  };
}

function compile(node: FormulaNode, inputs: ViewInputs): Compiled {
  switch (node.kind) {
    case 'number': {
      const { value } = node;
      return { kind: 'function', f: () => value };
    }
    case 'variable':
      return { kind: 'function', f: node.name === 'step' ? (step) => step : (_, time) => time };
    case 'key': {
      const { run, key } = node;
      const resolve = () => inputs.series(run, key);
      return { kind: 'series', node: new KeyNode(resolve(), resolve, inputs.origin(run)) };
    }
    case 'negate':
      return mapped(compile(node.arg, inputs), (x) => -x);
    case 'binary':
      return combined(compile(node.left, inputs), compile(node.right, inputs), BINARY[node.op]);
    case 'call': {
      const { name, args } = node;
      if (name === 'min' || name === 'max')
        return combined(compile(args[0]!, inputs), compile(args[1]!, inputs), Math[name]);
      const arg = compile(args[0]!, inputs);
      if (name === 'ema' || name === 'diff' || name === 'cumsum') {
        // The parser took only arguments that name a key: they compile to series.
        if (arg.kind !== 'series') throw new Error(`${name} of no series`);
        return { kind: 'series', node: new SequenceNode(arg.node, sequence(name, node.weight!)) };
      }
      return mapped(arg, MAP[name]!);
    }
  }
}

function mapped(arg: Compiled, f: (x: number) => number): Compiled {
  if (arg.kind === 'function') {
    const g = arg.f;
    return { kind: 'function', f: (step, time) => f(g(step, time)) };
  }
  return { kind: 'series', node: new MapNode(arg.node, (v) => f(v)) };
}

function combined(left: Compiled, right: Compiled, op: (a: number, b: number) => number): Compiled {
  if (left.kind === 'function' && right.kind === 'function') {
    const f = left.f;
    const g = right.f;
    return { kind: 'function', f: (step, time) => op(f(step, time), g(step, time)) };
  }
  if (left.kind === 'series' && right.kind === 'series')
    return { kind: 'series', node: new PairNode(left.node, right.node, op) };
  if (left.kind === 'series') {
    const g = (right as { f: SampleFunction }).f;
    return { kind: 'series', node: new MapNode(left.node, (v, s, t) => op(v, g(s, t))) };
  }
  const f = left.f;
  return {
    kind: 'series',
    node: new MapNode((right as { node: EvalNode }).node, (v, s, t) => op(f(s, t), v)),
  };
}

/**
 * A formula's derived Series over its inputs, kept current by update(): the same class as a
 * held series, so envelopes, smoothing, step_metric pairing and statistics all work on it.
 */
export class DerivedView {
  readonly series: Series;
  private root!: EvalNode;
  private built = false;
  /** Samples of the series looked at for its greatest step. */
  private scanned = 0;

  /** Throws a ViewRefusal when a key or run the formula reads is not there. */
  constructor(
    private readonly formula: ParsedFormula,
    private readonly inputs: ViewInputs,
    name: string,
  ) {
    this.series = new Series(name, 'metric');
    this.build();
  }

  /** Takes in what the inputs gained; built again when they changed otherwise. */
  update(): void {
    if (this.root.update()) this.copyMaxStep();
    else this.build();
  }

  private build(): void {
    const compiled = compile(this.formula.root, this.inputs);
    // The parser took only formulas that name a key: the root is a series.
    if (compiled.kind !== 'series') throw new Error('a view of no series');
    let root = compiled.node;
    // A view of a key alone is that key's samples as they are, in samples of its own.
    if (root instanceof KeyNode) root = new MapNode(root, (v) => v);
    this.root = root;
    if (!root.update()) throw new ViewRefusal('the inputs changed while the view was built');
    const { series } = this;
    // New samples in place of the old: whatever was built over the old ones starts over.
    if (this.built) series.generation++;
    this.built = true;
    series.samples = root.out as SampleColumns;
    series.maxStep = -1;
    this.scanned = 0;
    this.copyMaxStep();
  }

  private copyMaxStep(): void {
    const { samples } = this.series;
    for (let i = this.scanned; i < samples.length; i++)
      this.series.maxStep = Math.max(this.series.maxStep, samples.step(i));
    this.scanned = samples.length;
  }
}
