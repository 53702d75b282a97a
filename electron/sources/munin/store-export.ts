// The export contract of a munin store's live state, written in pieces to a sink: runs read and kept
// from the live entries, the others (listed from a hint, or still read in a thread) read here
// and not kept, so that an export holds no memory after it.

import { encodeJsonString } from '../../../shared/format/json.js';
import { compareUtf8 } from '../../../shared/format/utf8.js';
import { readArtifacts } from '../../store/artifacts.js';
import type { Sink } from '../../store/export.js';
import { encodeArtifactExport, writeRunExport } from '../../store/export.js';
import type { HostIdentities } from '../../store/identities.js';
import { readRun } from '../../store/log/read-run.js';
import type { RunEntry } from './run-entry.js';

export function writeStoreExport(
  sink: Sink,
  root: string,
  host: HostIdentities,
  runs: ReadonlyMap<string, RunEntry>,
  readInThreads: Iterable<string>,
): void {
  sink('{"runs":[');
  const ids = [...runs.keys(), ...readInThreads].sort(compareUtf8);
  ids.forEach((id, index) => {
    if (index > 0) sink(',');
    const entry = runs.get(id);
    // A run still being read in a thread is read here too: the export waits for no thread.
    // A run listed from its hint is read here whole, and not kept: the export holds no memory.
    writeRunExport(
      entry !== undefined && entry.samplesRead ? entry.asRead() : readRun(root, id, host),
      sink,
    );
  });
  sink('],"artifacts":{');
  sink(
    readArtifacts(root)
      .map((a) => `${encodeJsonString(a.name)}:${encodeArtifactExport(a)}`)
      .join(','),
  );
  sink('}}\n');
}
