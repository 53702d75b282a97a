// A growable typed column (Float64Array or Uint32Array): values appended at the end into storage
// that doubles when full, read by hot loops straight from `data`, never one object per value.

/** Capacity a column grows to at least, so that a column growing from empty does not copy often. */
const MIN_GROWN_CAPACITY = 16;

/**
 * The column, whatever its element type. Each element type is a subclass of its own, so that V8
 * sees one kind of array in each class's `storage` field and its loops read `data` without
 * checking which kind it holds.
 */
export abstract class GrowableColumn<T extends Float64Array | Uint32Array> {
  // Declared, not initialized: a field that first held undefined would lose the typed array's
  // exact type in V8, and every read of `data` in a hot loop would check it again (~30 % on an
  // envelope index build).
  declare private storage: T;
  declare private filled: number;

  /** A column over `data` whose first `length` values are filled (none by default). */
  constructor(data: T, length = 0) {
    if (!(Number.isInteger(length) && length >= 0 && length <= data.length))
      throw new RangeError(`a column of capacity ${data.length} cannot hold ${length} values`);
    this.storage = data;
    this.filled = length;
  }

  protected abstract allocate(capacity: number): T;

  /** Values filled, from index 0. */
  get length(): number {
    return this.filled;
  }

  /**
   * The storage: its first `length` values are the column's, the rest is spare capacity. A push
   * may replace it, so a loop that pushes reads `data` again after each push.
   */
  get data(): T {
    return this.storage;
  }

  push(value: number): void {
    if (this.filled === this.storage.length) this.reserve(this.filled + 1);
    this.storage[this.filled++] = value;
  }

  /** Appends every value of `values`, growing once. */
  pushAll(values: ArrayLike<number>): void {
    this.reserve(this.filled + values.length);
    this.storage.set(values, this.filled);
    this.filled += values.length;
  }

  /** Makes room for `capacity` values in all; growing at least doubles, so appends stay cheap. */
  reserve(capacity: number): void {
    if (capacity <= this.storage.length) return;
    const grown = this.allocate(Math.max(capacity, this.storage.length * 2, MIN_GROWN_CAPACITY));
    grown.set(this.storage.subarray(0, this.filled));
    this.storage = grown;
  }

  /** Keeps the first `length` values only; the capacity stays for later appends. */
  truncate(length: number): void {
    if (!(Number.isInteger(length) && length >= 0 && length <= this.filled))
      throw new RangeError(`cannot cut a column of ${this.filled} values to ${length}`);
    this.filled = length;
  }

  /** The filled part, as a view of the storage (not a copy): valid until the next push. */
  view(): T {
    return this.storage.subarray(0, this.filled) as T;
  }
}

export class Float64Column extends GrowableColumn<Float64Array> {
  protected allocate(capacity: number): Float64Array {
    return new Float64Array(capacity);
  }
}

export class Uint32Column extends GrowableColumn<Uint32Array> {
  protected allocate(capacity: number): Uint32Array {
    return new Uint32Array(capacity);
  }
}

export function float64Column(capacity = 64): Float64Column {
  return new Float64Column(new Float64Array(capacity));
}

export function uint32Column(capacity = 64): Uint32Column {
  return new Uint32Column(new Uint32Array(capacity));
}
