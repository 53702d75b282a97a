// A child's resident memory as Linux tells it in /proc: now and at its peak so far, so that a
// test can bound what one request made a running server hold, not only its peak at exit.

import { readFileSync } from 'node:fs';

export interface ResidentMemory {
  readonly rssBytes: number;
  readonly peakRssBytes: number;
}

/** The resident memory of process pid; throws when /proc does not have it (not Linux). */
export function residentMemory(pid: number): ResidentMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kibibytes = (field: string): number => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
    if (match === null) throw new Error(`no ${field} in /proc/${pid}/status`);
    return Number(match[1]) * 1024;
  };
  return { rssBytes: kibibytes('VmRSS'), peakRssBytes: kibibytes('VmHWM') };
}

export const mib = (bytes: number): string => `${(bytes / (1 << 20)).toFixed(1)} MiB`;
