// The status of a run by "The writer and the status of a run": the lock probe when the boot
// identities match, the end record, the crashed rule against boot time, silent otherwise.

import type { EndStatus } from '../../shared/format/records.js';
import type { HostIdentities } from './identities.js';
import type { ProbeResult } from './lock-probe.js';
import type { WriterIdentity } from './run-files.js';

export type RunStatus = EndStatus | 'running' | 'crashed' | 'silent';

/** True when this reader may probe the run's lock: its boot equals the boot of writer. */
export function canProbe(writer: WriterIdentity | null, host: HostIdentities): boolean {
  return writer?.boot !== undefined && host.boot !== null && writer.boot === host.boot;
}

export interface StatusInputs {
  /** The log's end status, when its last record is an end. */
  readonly endStatus: EndStatus | null;
  /** The probe's answer, taken before the log was read; 'unavailable' when not probed. */
  readonly probe: ProbeResult;
  readonly writer: WriterIdentity | null;
  readonly host: HostIdentities;
  /** The log's modification time, seconds since the epoch. */
  readonly logModified: number;
}

export function decideStatus(inputs: StatusInputs): RunStatus {
  const { endStatus, probe, writer, host, logModified } = inputs;
  if (endStatus !== null) return endStatus;
  if (probe === 'held') return 'running';
  if (probe === 'free') return 'crashed';
  // Without a probe: a log last written before this boot began, by this machine, is crashed,
  // since a process does not outlive its kernel.
  if (
    writer?.machine !== undefined &&
    host.machine !== null &&
    writer.machine === host.machine &&
    host.bootTime !== null &&
    logModified < host.bootTime
  ) {
    return 'crashed';
  }
  return 'silent';
}
