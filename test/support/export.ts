// Exporting fixture stores and reading the export back exactly (ints as bigint, floats as number).

import { writeStoreExport } from '../../electron/store/export.js';
import type { HostIdentities } from '../../electron/store/identities.js';
import type { JsonValue } from '../../shared/format/json.js';
import { parseJson } from '../../shared/format/json.js';

/** A reader with no identities: it never probes, and an unended run reads silent. */
export const NO_HOST: HostIdentities = { boot: null, machine: null, bootTime: null };

export type Plain = null | boolean | string | number | bigint | Plain[] | { [name: string]: Plain };

/** A JSON value as plain data: Maps become objects, bigint and number stay apart. */
export function toPlain(value: JsonValue): Plain {
  if (value instanceof Map) {
    const out: { [name: string]: Plain } = {};
    for (const [name, member] of value) {
      Object.defineProperty(out, name, {
        value: toPlain(member),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  if (Array.isArray(value)) return value.map(toPlain);
  return value as Plain;
}

/** Parses exact JSON text into plain data; throws when the text is not JSON. */
export function parseExact(text: string | Uint8Array): Plain {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const json = parseJson(bytes);
  if (json === undefined) throw new Error('not a JSON text');
  return toPlain(json);
}

export function exportText(root: string, host: HostIdentities = NO_HOST): string {
  let text = '';
  writeStoreExport(
    root,
    (piece) => {
      text += piece;
    },
    host,
  );
  return text;
}

export interface ExportedStore {
  runs: Record<string, Plain>[];
  artifacts: Record<string, Plain>;
}

export function exportStore(root: string, host: HostIdentities = NO_HOST): ExportedStore {
  return parseExact(exportText(root, host)) as unknown as ExportedStore;
}

/** The export of the store's only run, or of the run `id`. */
export function exportRun(
  root: string,
  id?: string,
  host: HostIdentities = NO_HOST,
): Record<string, Plain> {
  const { runs } = exportStore(root, host);
  const run = id === undefined ? runs[0] : runs.find((r) => r['id'] === id);
  if (run === undefined || (id === undefined && runs.length !== 1)) {
    throw new Error(`no single run ${id ?? ''} in the export (${runs.length} runs)`);
  }
  return run;
}
