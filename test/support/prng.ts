// A small seeded PRNG (mulberry32) with the draws the fuzz and property tests need.

export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A uniform float in [0, 1). */
  next(): number {
    return this.u32() / 2 ** 32;
  }

  /** A uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A uniform integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** A double with uniformly random bits; may be NaN or infinite. */
  anyDouble(): number {
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(0, this.u32());
    view.setUint32(4, this.u32());
    return view.getFloat64(0);
  }

  /** A finite double with uniformly random bits. */
  finiteDouble(): number {
    for (;;) {
      const x = this.anyDouble();
      if (Number.isFinite(x)) return x;
    }
  }

  bytes(length: number, alphabet?: readonly number[]): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) out[i] = alphabet ? this.pick(alphabet) : this.int(256);
    return out;
  }
}
