// A fast path for an event stream's most common line, a metric event in the runtime's own member
// order with plain ASCII names and labels. It takes a line only when it reads it exactly as the
// general parser (event-line.ts) would; anything else goes to that parser.

import type { JsonObject, JsonValue } from '../../../shared/format/json.js';
import { isKey } from '../../../shared/format/names.js';
import type { Literal } from '../../store/log/samples-fast-path.js';
import { literal, SamplesLineScanner } from '../../store/log/samples-fast-path.js';
import type { MetricEvent } from './event-line.js';

const HEAD = literal('{"ts_ms":');
const STEP_MEMBER = literal(',"step":');
const KIND_AND_NAME = literal(',"kind":"metric","name":"');
const VALUE_TEXT = '","value":';
const VALUE_MEMBER = literal(VALUE_TEXT);
const METADATA_MEMBER = literal(',"metadata":{');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const CLOSE_BRACE = 0x7d;
const COLON = 0x3a;
const COMMA = 0x2c;

/** The end of a string's text from pos, printable ASCII without escapes: its quote, or -1. */
function plainStringEnd(bytes: Uint8Array, pos: number, end: number): number {
  for (let i = pos; i < end; i++) {
    const b = bytes[i]!;
    if (b === QUOTE) return i;
    if (b === BACKSLASH || b < 0x20 || b >= 0x7f) return -1;
  }
  return -1;
}

/** Names and label sets remembered: more than a stream repeats, few enough to look through. */
const MAX_NAMES = 64;
const MAX_METADATAS = 16;

/**
 * Byte strings read before, each as a literal with what follows it on the line, and what was
 * read of them: looked through in the order remembered, a word at a time.
 */
class Recent<T> {
  private readonly literals: Literal[] = [];
  private readonly values: T[] = [];
  private next = 0;

  constructor(private readonly capacity: number) {}

  /** The value of the literal at pos, or undefined; `exactly` when it must end at end. */
  find(
    numbers: SamplesLineScanner,
    bytes: Uint8Array,
    pos: number,
    end: number,
    exactly: boolean,
  ): T | undefined {
    const { literals } = this;
    for (let k = 0; k < literals.length; k++) {
      const known = literals[k]!;
      if (exactly && known.length !== end - pos) continue;
      if (numbers.literalAt(bytes, pos, end, known)) return this.values[k];
    }
    return undefined;
  }

  /** Remembers the value of bytes[start, end) followed by `after`, in place of the oldest once full. */
  add(bytes: Uint8Array, start: number, end: number, after: string, value: T): void {
    this.literals[this.next] = literal(latin1(bytes, start, end) + after);
    this.values[this.next] = value;
    this.next = (this.next + 1) % this.capacity;
  }
}

const latin1 = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);

export class MetricLineScanner {
  private readonly numbers = new SamplesLineScanner();
  /** Names read, each with its bytes: a stream repeats a few names, each checked once. */
  private readonly names = new Recent<string>(MAX_NAMES);
  /** Metadata objects read, each with its bytes: a stream repeats a few label sets. */
  private readonly metadatas = new Recent<JsonObject>(MAX_METADATAS);
  private name = '';
  private metadata: JsonObject = new Map();
  private readonly event = {
    kind: 'metric' as const,
    time: 0,
    step: 0,
    name: '',
    value: 0,
    metadata: new Map() as JsonObject,
  };

  /**
   * The metric event bytes[start, end) holds, without its line feed, or undefined so that the
   * general parser decides. The event is reused by the next call, its metadata object by the
   * next lines that carry the same: neither is to be kept or changed.
   */
  scan(bytes: Uint8Array, start: number, end: number): MetricEvent | undefined {
    const numbers = this.numbers;
    if (!numbers.literalAt(bytes, start, end, HEAD)) return undefined;
    let pos = numbers.numberAt(bytes, start + HEAD.length, end);
    if (pos < 0) return undefined;
    const time = numbers.lastNumber / 1000;
    if (!numbers.literalAt(bytes, pos, end, STEP_MEMBER)) return undefined;
    pos = numbers.stepAt(bytes, pos + STEP_MEMBER.length, end);
    if (pos < 0) return undefined;
    const step = numbers.lastNumber;
    if (!numbers.literalAt(bytes, pos, end, KIND_AND_NAME)) return undefined;
    pos = this.readName(bytes, pos + KIND_AND_NAME.length, end);
    if (pos < 0) return undefined;
    pos = numbers.numberAt(bytes, pos, end);
    if (pos < 0) return undefined;
    const value = numbers.lastNumber;
    if (!this.readMetadata(bytes, pos, end)) return undefined;
    const event = this.event;
    event.time = time;
    event.step = step;
    event.name = this.name;
    event.value = value;
    event.metadata = this.metadata;
    return event;
  }

  /** Lets go of the bytes last scanned: the fold outlives its read's buffer. */
  releaseBytes(): void {
    this.numbers.releaseBytes();
  }

  /**
   * Reads the name at pos and the value's member after it into this.name; returns the offset
   * of the value, or -1 for a name that is not plain or no key of the format.
   */
  private readName(bytes: Uint8Array, pos: number, end: number): number {
    const numbers = this.numbers;
    const known = this.names.find(numbers, bytes, pos, end, false);
    if (known !== undefined) {
      this.name = known;
      return pos + known.length + VALUE_MEMBER.length;
    }
    const nameEnd = plainStringEnd(bytes, pos, end);
    // The name's closing quote opens VALUE_MEMBER.
    if (nameEnd < 0 || !numbers.literalAt(bytes, nameEnd, end, VALUE_MEMBER)) return -1;
    const name = latin1(bytes, pos, nameEnd);
    // A name that is no key of the munin format is a damaged line: the general parser says so.
    if (!isKey(name)) return -1;
    this.name = name;
    this.names.add(bytes, pos, nameEnd, VALUE_TEXT, name);
    return nameEnd + VALUE_MEMBER.length;
  }

  /**
   * Reads the metadata member at pos up to the event's closing brace at end - 1: an object of
   * flat string members of plain ASCII, each named once, into this.metadata, the same object
   * again for the same bytes. False for anything else.
   */
  private readMetadata(bytes: Uint8Array, pos: number, end: number): boolean {
    const numbers = this.numbers;
    const known = this.metadatas.find(numbers, bytes, pos, end, true);
    if (known !== undefined) {
      this.metadata = known;
      return true;
    }
    if (!numbers.literalAt(bytes, pos, end, METADATA_MEMBER) || bytes[end - 1] !== CLOSE_BRACE)
      return false;
    // The object from its opening brace to its closing one, before the event's.
    const start = pos + METADATA_MEMBER.length - 1;
    const objectEnd = end - 1;
    if (objectEnd - start < 2 || bytes[objectEnd - 1] !== CLOSE_BRACE) return false;
    const metadata = new Map<string, JsonValue>();
    let at = start + 1;
    if (at < objectEnd - 1) {
      for (;;) {
        if (bytes[at] !== QUOTE) return false;
        const keyEnd = plainStringEnd(bytes, at + 1, objectEnd);
        if (keyEnd < 0 || bytes[keyEnd + 1] !== COLON || bytes[keyEnd + 2] !== QUOTE) return false;
        const valueEnd = plainStringEnd(bytes, keyEnd + 3, objectEnd);
        if (valueEnd < 0) return false;
        const key = latin1(bytes, at + 1, keyEnd);
        // An object naming a member twice is refused by the general parser: it decides.
        if (metadata.has(key)) return false;
        metadata.set(key, latin1(bytes, keyEnd + 3, valueEnd));
        at = valueEnd + 1;
        if (at === objectEnd - 1) break;
        if (bytes[at] !== COMMA) return false;
        at++;
      }
    }
    this.metadata = metadata;
    this.metadatas.add(bytes, pos, end, '', metadata);
    return true;
  }
}
