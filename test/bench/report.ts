// Shared measuring and printing for benchmarks: one JSON object per figure, each with the
// baseline measured in the same run and the ratio between them.

export interface BenchFigure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly baseline: number;
  readonly ratio: number;
  readonly goal: string;
}

/** The best wall time in seconds of `runs` calls: the least disturbed by a shared machine. */
export function bestOf(runs: number, work: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    work();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  return best;
}

export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run benchmarks with node --expose-gc');
  gc();
  gc();
}

/** Bytes the JS heap and array buffers hold. */
export function heapBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

export function printFigure(figure: BenchFigure): void {
  process.stdout.write(
    `${JSON.stringify({ ...figure, value: round(figure.value), baseline: round(figure.baseline), ratio: round(figure.ratio) })}\n`,
  );
}
