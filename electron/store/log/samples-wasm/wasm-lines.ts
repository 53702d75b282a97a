// The host side of the WebAssembly line scanner (assembly/samples-lines.ts): one instance a
// thread, whose memory is also the buffer big reads read into, so that the scanner reads the
// bytes where they landed. A fold hands it runs of lines that repeat the keys of the line before.

import type { ScannedSamples } from '../samples-fast-path.js';
import { SAMPLES_LINES_WASM } from './samples-lines-binary.js';

// The memory's layout, as assembly/samples-lines.ts reads it.
const METRICS_HEAD = 2560;
const READING_HEAD = 2592;
const STEP_MEMBER = 2624;
const VALUES_MEMBER = 2640;
const SLOT_LENGTHS = 3072;
const SLOT_MEMBERS = 4096;
const MEMBER_BYTES = 256;
/** The most keys a line the scanner reads may have. */
const MAX_WASM_SLOTS = 64;
const INPUT = 64 << 10;
/** The bytes a read buffer lent from the scanner's memory holds. */
const WASM_INPUT_BYTES = 4 << 20;
/** Past the input, for the scanner's reads that run past the bytes given, never trusted. */
const INPUT_PAD = 4 << 10;
const OUTPUT = INPUT + WASM_INPUT_BYTES + INPUT_PAD;
const OUTPUT_BYTES = 1 << 20;
const PAGE = 64 << 10;
const PAGES = Math.ceil((OUTPUT + OUTPUT_BYTES) / PAGE);

interface ScannerExports {
  init(): void;
  setSlotCount(count: number): void;
  scanLines(
    start: number,
    end: number,
    isMetrics: number,
    output: number,
    outputEnd: number,
  ): number;
  readonly stoppedAt: WebAssembly.Global;
}

export class WasmSamplesLines {
  private readonly exports: ScannerExports;
  private readonly memory: WebAssembly.Memory;
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  /** The time, step and values of each line the last scan read, one after the other. */
  readonly output: Float64Array;
  /** The keys the slots hold, in order: each compared by identity before a scan. */
  private installed: string[] = [];
  private lent = false;
  private stoppedAtValue = 0;

  constructor(module: WebAssembly.Module) {
    this.memory = new WebAssembly.Memory({ initial: PAGES, maximum: PAGES });
    const instance = new WebAssembly.Instance(module, { env: { memory: this.memory } });
    this.exports = instance.exports as unknown as ScannerExports;
    this.exports.init();
    this.bytes = new Uint8Array(this.memory.buffer);
    this.view = new DataView(this.memory.buffer);
    this.output = new Float64Array(this.memory.buffer, OUTPUT, OUTPUT_BYTES / 8);
    this.writeLiteral(METRICS_HEAD, '{"type":"metrics","time":');
    this.writeLiteral(READING_HEAD, '{"type":"reading","time":');
    this.writeLiteral(STEP_MEMBER, ',"step":');
    this.writeLiteral(VALUES_MEMBER, ',"values":{');
  }

  /**
   * A buffer of up to WASM_INPUT_BYTES in the scanner's memory for one read at a time, or null
   * while another read holds it; given back with giveBack.
   */
  lendInput(bytes: number): Buffer | null {
    if (this.lent) return null;
    this.lent = true;
    return Buffer.from(this.memory.buffer, INPUT, Math.max(1, Math.min(WASM_INPUT_BYTES, bytes)));
  }

  giveBack(buffer: Buffer): void {
    if (this.holds(buffer)) this.lent = false;
  }

  /** True when the bytes lie in the scanner's memory, where it can read them. */
  holds(bytes: Uint8Array): boolean {
    return bytes.buffer === this.memory.buffer;
  }

  /**
   * Makes the slots the first `count` keys, in order; false when the scanner cannot match them
   * byte for byte: too many, too long, or a key JSON spells with escapes or bytes past ASCII.
   */
  install(keys: readonly { readonly key: string }[], count: number): boolean {
    if (count < 1 || count > MAX_WASM_SLOTS) return false;
    const installed = this.installed;
    let same = installed.length === count;
    for (let i = 0; same && i < count; i++) same = installed[i] === keys[i]!.key;
    if (same) return true;
    for (let i = 0; i < count; i++) if (!spelledPlainly(keys[i]!.key)) return false;
    this.installed = [];
    for (let i = 0; i < count; i++) {
      const member = `"${keys[i]!.key}":`;
      this.writeLiteral(SLOT_MEMBERS + i * MEMBER_BYTES, member);
      this.view.setInt32(SLOT_LENGTHS + 4 * i, member.length, true);
    }
    this.exports.setSlotCount(count);
    this.installed = keys.slice(0, count).map((slot) => slot.key);
    return true;
  }

  /**
   * Reads the lines of `type` from bytes[start, end), bytes this scanner holds, that name the
   * installed keys and that it reads exactly, up to the first that is not such a line or as many
   * as the output holds; leaves them in output and returns how many. stoppedAt then says where
   * it stopped, as an offset in bytes.
   */
  scan(bytes: Uint8Array, start: number, end: number, type: ScannedSamples['type']): number {
    const base = bytes.byteOffset;
    const lines = this.exports.scanLines(
      base + start,
      base + end,
      type === 'metrics' ? 1 : 0,
      OUTPUT,
      OUTPUT + OUTPUT_BYTES,
    );
    this.stoppedAtValue = (this.exports.stoppedAt.value as number) - base;
    return lines;
  }

  get stoppedAt(): number {
    return this.stoppedAtValue;
  }

  private writeLiteral(at: number, text: string): void {
    for (let k = 0; k < text.length; k++) this.bytes[at + k] = text.charCodeAt(k);
  }
}

/** True when JSON spells the key as its own bytes, no longer than a slot holds. */
function spelledPlainly(key: string): boolean {
  if (key.length + 3 > MEMBER_BYTES) return false;
  for (let k = 0; k < key.length; k++) {
    const code = key.charCodeAt(k);
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return false;
  }
  return true;
}

/** This thread's scanner; null where WebAssembly cannot run, as with V8's --jitless. */
let scanner: WasmSamplesLines | null | undefined;

function scannerOfThisThread(): WasmSamplesLines | null {
  if (scanner === undefined) {
    try {
      const module = new WebAssembly.Module(Buffer.from(SAMPLES_LINES_WASM, 'base64'));
      scanner = new WasmSamplesLines(module);
    } catch {
      // The JavaScript path reads every line then, as fast as it reads them.
      scanner = null;
    }
  }
  return scanner;
}

/**
 * A buffer for a read of about `bytes` bytes: the scanner's input while no other read holds it,
 * so that the fold's scanner reads the lines where they landed; else one of its own. Given back
 * with giveBackReadBuffer when the read is done.
 */
export function lendReadBuffer(bytes: number): Buffer {
  return (
    scannerOfThisThread()?.lendInput(bytes) ??
    Buffer.allocUnsafe(Math.max(1, Math.min(WASM_INPUT_BYTES, bytes)))
  );
}

export function giveBackReadBuffer(buffer: Buffer): void {
  scanner?.giveBack(buffer);
}

/** This thread's scanner when the bytes lie in its memory, read into a buffer it lent; or null. */
export function scannerHolding(bytes: Uint8Array): WasmSamplesLines | null {
  return scanner !== undefined && scanner !== null && scanner.holds(bytes) ? scanner : null;
}
