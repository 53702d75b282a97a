// A small seeded random source (mulberry32), so that the demo store is the same for a seed.

export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** 32 random bits, as an unsigned integer. */
  bits(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  uniform(): number {
    return this.bits() / 2 ** 32;
  }

  /** A float in [low, high). */
  between(low: number, high: number): number {
    return low + (high - low) * this.uniform();
  }

  /** An integer in [low, high]. */
  integer(low: number, high: number): number {
    return low + Math.floor(this.uniform() * (high - low + 1));
  }

  /** A standard normal deviate (Box-Muller). */
  normal(): number {
    const u = 1 - this.uniform();
    const v = this.uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** `count` random bytes. */
  bytes(count: number): Buffer {
    const out = Buffer.alloc(count);
    for (let i = 0; i < count; i += 4) {
      const word = this.bits();
      for (let k = 0; k < 4 && i + k < count; k++) out[i + k] = (word >>> (8 * k)) & 0xff;
    }
    return out;
  }

  /** `digits` lowercase hexadecimal digits. */
  hex(digits: number): string {
    let out = '';
    while (out.length < digits) out += this.bits().toString(16).padStart(8, '0');
    return out.slice(0, digits);
  }

  /** A new source drawn from this one, so that one run's draws do not shift another's. */
  fork(): SeededRandom {
    return new SeededRandom(this.bits());
  }
}
