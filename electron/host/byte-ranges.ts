// The byte range a GET of a logged file asks for, as RFC 9110 §14 defines Range: parsed against
// the file's size into the one part to send, the whole file, or no satisfiable part (416).
//
// Choices the RFC leaves to a server, and why:
// - Several ranges are answered with the first satisfiable one alone, as a single-part 206 whose
//   Content-Range says which bytes it holds; a client asks again for the rest. No
//   multipart/byteranges: no media element asks for one, and one part never sends more bytes than
//   the file holds, however the ranges overlap or repeat.
// - More than MAX_RANGES ranges, or a header longer than MAX_HEADER characters, is ignored
//   (§14.2 lets a server ignore a range set of many small or overlapping ranges): the whole file.
// - A request with If-Range is answered whole: these answers carry no validator the condition
//   could match, so it never holds (§13.1.5).

/** What to send for a request's Range header. `end` is inclusive, as Content-Range writes it. */
export type RangeVerdict =
  | { readonly kind: 'whole' }
  | { readonly kind: 'part'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

/** Past this many range specs the header is ignored: parsing stays cheap whatever is sent. */
export const MAX_RANGES = 64;
/** Past this many characters the header is ignored, unparsed. */
export const MAX_HEADER = 4096;

const WHOLE: RangeVerdict = { kind: 'whole' };

/** One parsed range-spec: first-last, first- (last null), or -suffix (first null). */
interface RangeSpec {
  readonly first: bigint | null;
  readonly last: bigint | null;
}

const INT_RANGE = /^([0-9]+)-([0-9]*)$/;
const SUFFIX_RANGE = /^-([0-9]+)$/;

/** OWS of RFC 9110 §5.6.3: spaces and horizontal tabs only. */
function trimOws(text: string): string {
  return text.replace(/^[ \t]+|[ \t]+$/g, '');
}

/**
 * The range specs of a `bytes=` header, or null when the header is not one this parser honours:
 * another unit, a syntax error, a first-pos past its last-pos, no spec at all, or too many.
 * Bigints: a position of any number of digits compares exactly against the size.
 */
export function parseByteRanges(header: string): RangeSpec[] | null {
  if (header.length > MAX_HEADER) return null;
  const equals = header.indexOf('=');
  if (equals < 0) return null;
  // Range units are case-insensitive (§14.1); the grammar puts no whitespace around "=".
  if (header.slice(0, equals).toLowerCase() !== 'bytes') return null;
  const specs: RangeSpec[] = [];
  // 1#range-spec: a list whose empty elements a recipient skips (§5.6.1).
  for (const element of header.slice(equals + 1).split(',')) {
    const spec = trimOws(element);
    if (spec === '') continue;
    if (specs.length === MAX_RANGES) return null;
    const int = INT_RANGE.exec(spec);
    if (int !== null) {
      const first = BigInt(int[1]!);
      const last = int[2] === '' ? null : BigInt(int[2]!);
      if (last !== null && last < first) return null;
      specs.push({ first, last });
      continue;
    }
    const suffix = SUFFIX_RANGE.exec(spec);
    if (suffix === null) return null;
    specs.push({ first: null, last: BigInt(suffix[1]!) });
  }
  return specs.length === 0 ? null : specs;
}

/** The bytes spec names in a file of size bytes, or null when it names none of them. */
function satisfied(spec: RangeSpec, size: number): { start: number; end: number } | null {
  const total = BigInt(size);
  if (spec.first === null) {
    // A suffix of zero bytes, or any suffix of an empty file, is unsatisfiable (§14.1.2).
    const length = spec.last!;
    if (length === 0n || total === 0n) return null;
    const start = length >= total ? 0n : total - length;
    return { start: Number(start), end: size - 1 };
  }
  if (spec.first >= total) return null;
  const end = spec.last === null || spec.last >= total ? total - 1n : spec.last;
  return { start: Number(spec.first), end: Number(end) };
}

/**
 * What a GET with these Range and If-Range headers gets of a file of size bytes: the whole file
 * when there is no Range or it is to be ignored, the first satisfiable part, or 416's verdict.
 */
export function rangeOfRequest(
  range: string | undefined,
  ifRange: string | undefined,
  size: number,
): RangeVerdict {
  if (range === undefined || ifRange !== undefined) return WHOLE;
  const specs = parseByteRanges(range);
  if (specs === null) return WHOLE;
  for (const spec of specs) {
    const part = satisfied(spec, size);
    if (part !== null) return { kind: 'part', ...part };
  }
  return { kind: 'unsatisfiable' };
}
