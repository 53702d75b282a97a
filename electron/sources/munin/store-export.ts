// The export contract of a munin store's live state, in pieces: runs read and kept from the live
// entries, the others (listed from a hint, or still read in a thread) read here and not kept, so
// that an export holds no memory after it.

import { compareUtf8 } from '../../../shared/format/utf8.js';
import type { ExportParts } from '../../store/export.js';
import { artifactPieces, readRunPieces, runExportPieces } from '../../store/export.js';
import type { HostIdentities } from '../../store/identities.js';
import { readRun } from '../../store/log/read-run.js';
import type { RunEntry } from './run-entry.js';

export function liveExportParts(
  root: string,
  host: HostIdentities,
  runs: ReadonlyMap<string, RunEntry>,
  readInThreads: Iterable<string>,
): ExportParts {
  return {
    ids: [...runs.keys(), ...readInThreads].sort(compareUtf8),
    run: (id) =>
      readRunPieces(id, () => {
        const entry = runs.get(id);
        // A run still being read in a thread is read here too: the export waits for no thread.
        // A run listed from its hint is read here whole, and not kept: the export holds no memory.
        return runExportPieces(
          entry !== undefined && entry.samplesRead ? entry.asRead() : readRun(root, id, host),
        );
      }),
    artifacts: () => artifactPieces(root),
  };
}
