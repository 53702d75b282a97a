// This machine's boot and machine identities and boot time, read as the format says, never
// exposing the raw machine id.

import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { machineIdentity } from '../../shared/format/digest.js';

export interface HostIdentities {
  /** The text naming the kernel's current boot, when the system has one. */
  readonly boot: string | null;
  /** The keyed digest of the machine's id, when the system has one. */
  readonly machine: string | null;
  /** When this boot began, in seconds since the epoch, when known. */
  readonly bootTime: number | null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // A probe: a container may have no machine id, a system no /proc; the format allows none.
    return null;
  }
}

function sysctl(name: string): string | null {
  try {
    return execFileSync('sysctl', ['-n', name], { encoding: 'utf8', timeout: 2000 }).trim();
  } catch {
    // A probe: a name this system's sysctl lacks gives no identity, which the format allows.
    return null;
  }
}

function linuxIdentities(): HostIdentities {
  const boot = readText('/proc/sys/kernel/random/boot_id')?.trim() || null;
  const machineId = readText('/etc/machine-id')?.replace(/\n$/, '') ?? '';
  const btime = /^btime (\d+)$/m.exec(readText('/proc/stat') ?? '');
  return {
    boot,
    machine: machineId.length > 0 ? machineIdentity(Buffer.from(machineId, 'utf8')) : null,
    bootTime: btime ? Number(btime[1]) : null,
  };
}

function macIdentities(): HostIdentities {
  const boot = sysctl('kern.bootsessionuuid') || null;
  let uuid: string | null = null;
  try {
    const out = execFileSync('ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice'], {
      encoding: 'utf8',
      timeout: 2000,
    });
    uuid = /"IOPlatformUUID" = "([^"]+)"/.exec(out)?.[1] ?? null;
  } catch {
    // A probe: no ioreg (or no platform UUID) gives no machine identity, which the format allows.
    uuid = null;
  }
  // kern.boottime reads like "{ sec = 1700000000, usec = 123456 } Tue Nov ...".
  const boottime = /sec = (\d+), usec = (\d+)/.exec(sysctl('kern.boottime') ?? '');
  return {
    boot,
    machine: uuid ? machineIdentity(Buffer.from(uuid, 'utf8')) : null,
    bootTime: boottime ? Number(boottime[1]) + Number(boottime[2]) / 1e6 : null,
  };
}

let cached: HostIdentities | undefined;

/** The identities of the machine this process runs on; on Windows the format names none yet. */
export function hostIdentities(): HostIdentities {
  cached ??=
    process.platform === 'linux'
      ? linuxIdentities()
      : process.platform === 'darwin'
        ? macIdentities()
        : { boot: null, machine: null, bootTime: null };
  return cached;
}
