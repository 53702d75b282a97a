// "The writer and the status of a run": writer file, identities, lock probe and every status.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeSync, openSync, readFileSync, utimesSync } from 'node:fs';
import { blake2b } from '@noble/hashes/blake2.js';
import type * as LockProbeModule from '../../electron/store/lock-probe.js';
import type * as FsModule from 'node:fs';
import { loadFsExt, probeLock } from '../../electron/store/lock-probe.js';
import { hostIdentities } from '../../electron/store/identities.js';
import type { HostIdentities } from '../../electron/store/identities.js';
import { readRun } from '../../electron/store/log/read-run.js';
import { canProbe, decideStatus } from '../../electron/store/status.js';
import { machineIdentity } from '../../shared/format/digest.js';
import { exportRun, NO_HOST } from '../support/export.js';
import { endLine, metricsLine, startLine } from '../support/lines.js';
import type { LockHolder } from '../support/lock-holder.js';
import { holdLock, holdLockThroughInheritor, lockIsFree } from '../support/lock-holder.js';
import { appendLog, tempStores, writeLog, writeWriter } from '../support/store-fixture.js';

// Lets a test act between the probe and the read of the log; the probe itself is the real one.
const hooks = vi.hoisted(() => ({
  afterProbe: null as null | ((path: string) => void),
  probes: 0,
}));
vi.mock('../../electron/store/lock-probe.js', async (importOriginal) => {
  const actual = await importOriginal<typeof LockProbeModule>();
  return {
    ...actual,
    probeLock: (path: string, realRoot: string) => {
      const result = actual.probeLock(path, realRoot);
      hooks.probes++;
      hooks.afterProbe?.(path);
      return result;
    },
  };
});

const newStore = tempStores();
const host = hostIdentities();
const holders: LockHolder[] = [];

afterEach(async () => {
  hooks.afterProbe = null;
  while (holders.length > 0) await holders.pop()!.release();
});

async function held(path: string, mode: 'ex' | 'sh' = 'ex'): Promise<LockHolder> {
  const holder = await holdLock(path, mode);
  holders.push(holder);
  return holder;
}

/** A store with one unended run whose writer file names `writer`. */
function unendedRun(writer: { machine?: string; boot?: string } | null): {
  root: string;
  path: string;
} {
  const root = newStore();
  const path = writeLog(root, 'r', [startLine(), metricsLine(0, { a: 1 })]);
  if (writer !== null) writeWriter(root, 'r', writer);
  return { root, path };
}

const thisBoot = (): { machine?: string; boot: string } => ({
  ...(host.machine !== null ? { machine: host.machine } : {}),
  boot: host.boot!,
});

describe("this machine's identities", () => {
  it.runIf(process.platform === 'linux')(
    'boot is /proc/sys/kernel/random/boot_id, machine the keyed digest of /etc/machine-id',
    () => {
      const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      expect(host.boot).toBe(bootId);
      let machineId = '';
      try {
        machineId = readFileSync('/etc/machine-id', 'utf8').replace(/\n$/, '');
      } catch {
        machineId = '';
      }
      if (machineId.length === 0) {
        expect(host.machine).toBeNull();
      } else {
        const expected = Buffer.from(
          blake2b(Buffer.from(machineId), { dkLen: 32, key: Buffer.from('munin') }),
        ).toString('hex');
        expect(host.machine).toBe(expected);
        expect(host.machine).not.toContain(machineId);
      }
      const btime = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))![1];
      expect(host.bootTime).toBe(Number(btime));
    },
  );

  it('the machine identity is BLAKE2b-256 keyed with "munin", 64 lowercase hex digits', () => {
    // Computed independently (Python's hashlib.blake2b(data, digest_size=32, key=b"munin")).
    expect(machineIdentity(Buffer.from('0123456789abcdef0123456789abcdef'))).toBe(
      '4dd4aa09c03b6cc68847c9a996ca6fed11d7a8fd11d33d4242f86ddff4b964fc',
    );
    expect(machineIdentity(Buffer.from('abc'))).toBe(
      '77fc139cb56c198e8a8ac02f925360f6e4e6edbfcb897df25dad59fe1b46ef2e',
    );
  });

  describe.runIf(process.platform === 'linux')('read from the system files', () => {
    afterEach(() => {
      vi.doUnmock('node:fs');
      vi.resetModules();
    });

    async function identitiesWith(
      files: Record<string, string | undefined>,
    ): Promise<HostIdentities> {
      vi.resetModules();
      vi.doMock('node:fs', async (importOriginal) => {
        const actual = await importOriginal<typeof FsModule>();
        return {
          ...actual,
          readFileSync: (path: string, ...rest: unknown[]) => {
            if (path in files) {
              const text = files[path];
              if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
              return text;
            }
            return (actual.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
          },
        };
      });
      const module = await import('../../electron/store/identities.js');
      return module.hostIdentities();
    }

    it('a machine-id with its line feed is digested without it', async () => {
      const ids = await identitiesWith({
        '/etc/machine-id': '0123456789abcdef0123456789abcdef\n',
        '/proc/sys/kernel/random/boot_id': 'b00t-1\n',
        '/proc/stat': 'cpu 1 2 3\nbtime 1700000000\nprocesses 5\n',
      });
      expect(ids).toEqual({
        machine: '4dd4aa09c03b6cc68847c9a996ca6fed11d7a8fd11d33d4242f86ddff4b964fc',
        boot: 'b00t-1',
        bootTime: 1700000000,
      });
    });

    it('a missing or empty /etc/machine-id gives no machine identity', async () => {
      expect((await identitiesWith({ '/etc/machine-id': '' })).machine).toBeNull();
      expect((await identitiesWith({ '/etc/machine-id': '\n' })).machine).toBeNull();
      expect((await identitiesWith({ '/etc/machine-id': undefined })).machine).toBeNull();
      expect(
        (await identitiesWith({ '/proc/sys/kernel/random/boot_id': undefined })).boot,
      ).toBeNull();
    });
  });
});

describe('the writer file', () => {
  it("names the latest writer's machine and boot, each when it has one", () => {
    const root = newStore();
    writeLog(root, 'both', [startLine()]);
    writeWriter(root, 'both', { machine: 'm'.repeat(64), boot: 'b-1' });
    writeLog(root, 'boot', [startLine()]);
    writeWriter(root, 'boot', { boot: 'b-2' });
    writeLog(root, 'none', [startLine()]);
    writeWriter(root, 'none', {});
    writeLog(root, 'absent', [startLine()]);
    expect(exportRun(root, 'both')['writer']).toEqual({ machine: 'm'.repeat(64), boot: 'b-1' });
    expect(exportRun(root, 'boot')['writer']).toEqual({ boot: 'b-2' });
    expect(exportRun(root, 'none')['writer']).toEqual({});
    expect(exportRun(root, 'absent')['writer']).toBeNull();
  });

  it("a reader probes only when its boot equals the writer's", () => {
    const me: HostIdentities = { boot: 'B', machine: 'M', bootTime: 100 };
    expect(canProbe({ boot: 'B' }, me)).toBe(true);
    expect(canProbe({ boot: 'B', machine: 'other container' }, me)).toBe(true);
    expect(canProbe({ boot: 'C', machine: 'M' }, me)).toBe(false);
    expect(canProbe({ machine: 'M' }, me)).toBe(false);
    expect(canProbe(null, me)).toBe(false);
    expect(canProbe({ boot: 'B' }, { ...me, boot: null })).toBe(false);
  });
});

describe("a log whose last record is an end has that record's status", () => {
  it.each([
    ['finished', undefined],
    ['failed', 'Traceback: ValueError'],
    ['killed', undefined],
  ] as const)('%s', (status, error) => {
    const root = newStore();
    writeLog(root, 'r', [startLine(), metricsLine(0, { a: 1 }), endLine(status, error)]);
    writeWriter(root, 'r', { machine: 'elsewhere', boot: 'long ago' });
    for (const reader of [NO_HOST, host, { boot: 'x', machine: 'elsewhere', bootTime: 1e12 }]) {
      const run = readRun(root, 'r', reader);
      expect(run.status).toBe(status);
      expect(run.error).toBe(error ?? null);
    }
  });

  it('even while a process holds the lock', async () => {
    const root = newStore();
    const path = writeLog(root, 'r', [startLine(), endLine('finished')]);
    writeWriter(root, 'r', thisBoot());
    await held(path);
    expect(probeLock(path, root)).toBe('held');
    expect(readRun(root, 'r', host).status).toBe('finished');
  });
});

describe('without an end, a reader that can probe the lock', () => {
  it('reads running while a writer holds the lock', async () => {
    const { root, path } = unendedRun(thisBoot());
    const holder = await held(path);
    expect(readRun(root, 'r', host).status).toBe('running');
    expect(exportRun(root, 'r', host)['status']).toBe('running');
    await holder.release();
    expect(readRun(root, 'r', host).status).toBe('crashed');
  });

  it('reads crashed when the lock is free', () => {
    const { root } = unendedRun(thisBoot());
    expect(readRun(root, 'r', host).status).toBe('crashed');
  });

  it("probes each other's runs across containers of one kernel, whatever their machines", async () => {
    const { root, path } = unendedRun({ machine: 'another container', boot: host.boot! });
    expect(readRun(root, 'r', host).status).toBe('crashed');
    await held(path);
    expect(readRun(root, 'r', host).status).toBe('running');
  });

  it("takes a shared lock: other readers' probes do not make a run read running", async () => {
    const { root, path } = unendedRun(thisBoot());
    await held(path, 'sh');
    expect(probeLock(path, root)).toBe('free');
    expect(readRun(root, 'r', host).status).toBe('crashed');
  });

  it('does not wait for the lock, and releases it at once', async () => {
    const { root, path } = unendedRun(thisBoot());
    const holder = await held(path);
    const started = Date.now();
    expect(probeLock(path, root)).toBe('held');
    expect(Date.now() - started).toBeLessThan(1000);
    await holder.release();
    readRun(root, 'r', host);
    expect(probeLock(path, root)).toBe('free');
    // A writer can take the lock exclusively after a probe.
    expect(lockIsFree(path, 'exnb')).toBe(true);
    const fd = openSync(path, 'r');
    try {
      const ext = loadFsExt()!;
      ext.flockSync(fd, 'exnb');
      ext.flockSync(fd, 'un');
    } finally {
      closeSync(fd);
    }
  });

  it("reads running while a process that shares the writer's open log lives on", async () => {
    const { root, path } = unendedRun(thisBoot());
    const heir = await holdLockThroughInheritor(path);
    holders.push(heir);
    expect(readRun(root, 'r', host).status).toBe('running');
    await heir.release();
    expect(readRun(root, 'r', host).status).toBe('crashed');
  });

  it('probes before it reads the last record', async () => {
    const { root, path } = unendedRun(thisBoot());
    const holder = await held(path);
    // Between the probe and the read, the writer writes its end and exits.
    hooks.afterProbe = () => {
      appendLog(root, 'r', [endLine('finished')]);
      hooks.afterProbe = null;
    };
    const before = hooks.probes;
    expect(readRun(root, 'r', host).status).toBe('finished');
    expect(hooks.probes).toBe(before + 1);
    await holder.release();
  });

  it('does not probe when the boots differ', () => {
    const { root } = unendedRun({ machine: host.machine ?? 'm', boot: 'another boot' });
    const before = hooks.probes;
    readRun(root, 'r', host);
    expect(hooks.probes).toBe(before);
  });
});

describe('without an end, a reader that cannot probe', () => {
  const me: HostIdentities = { boot: 'boot-now', machine: 'machine-A', bootTime: 1_800_000_000 };

  function runWithMtime(writer: { machine?: string; boot?: string } | null, mtime: number): string {
    const { root, path } = unendedRun(writer);
    utimesSync(path, mtime, mtime);
    return root;
  }

  it('reads crashed when the writer was this machine and the log was last written before this boot', () => {
    const root = runWithMtime({ machine: 'machine-A', boot: 'boot-before' }, me.bootTime! - 60);
    expect(readRun(root, 'r', me).status).toBe('crashed');
  });

  it('reads silent when the log was written since this boot began', () => {
    const root = runWithMtime({ machine: 'machine-A', boot: 'boot-before' }, me.bootTime! + 60);
    expect(readRun(root, 'r', me).status).toBe('silent');
  });

  it.runIf(host.machine !== null && host.bootTime !== null)(
    "applies the boot-time rule with this machine's real identities and boot time",
    () => {
      const writer = { machine: host.machine!, boot: 'a boot before this one' };
      expect(readRun(runWithMtime(writer, host.bootTime! - 3600), 'r', host).status).toBe(
        'crashed',
      );
      expect(readRun(runWithMtime(writer, host.bootTime! + 1), 'r', host).status).toBe('silent');
    },
  );

  it('reads silent on another machine, however old the log', () => {
    const root = runWithMtime({ machine: 'machine-B', boot: 'boot-B' }, 1_000_000);
    expect(readRun(root, 'r', me).status).toBe('silent');
  });

  it('reads silent when either side has no identities', () => {
    const old = me.bootTime! - 1000;
    expect(readRun(runWithMtime({ boot: 'boot-before' }, old), 'r', me).status).toBe('silent');
    expect(readRun(runWithMtime({}, old), 'r', me).status).toBe('silent');
    const root = runWithMtime({ machine: 'machine-A', boot: 'boot-before' }, old);
    expect(readRun(root, 'r', { ...me, machine: null }).status).toBe('silent');
    expect(readRun(root, 'r', NO_HOST).status).toBe('silent');
    expect(readRun(root, 'r', { ...me, bootTime: null }).status).toBe('silent');
  });

  it('reads silent when the run has no writer file, as a run copied without it', () => {
    const root = runWithMtime(null, me.bootTime! - 1000);
    expect(readRun(root, 'r', me).status).toBe('silent');
    expect(readRun(runWithMtime(null, 1000), 'r', host).status).toBe('silent');
  });

  it('two machines sharing a machine identity read as one', () => {
    // A live run on the twin that wrote after this machine booted reads silent here;
    // one that wrote nothing since reads crashed.
    const twin = { machine: 'machine-A', boot: 'twin-boot' };
    expect(readRun(runWithMtime(twin, me.bootTime! + 5), 'r', me).status).toBe('silent');
    expect(readRun(runWithMtime(twin, me.bootTime! - 5), 'r', me).status).toBe('crashed');
  });

  it('decides from the probe first, then the boot-time rule', () => {
    const base = { endStatus: null, writer: { machine: 'M', boot: 'B' }, logModified: 10 };
    const h: HostIdentities = { boot: 'B', machine: 'M', bootTime: 100 };
    expect(decideStatus({ ...base, probe: 'held', host: h })).toBe('running');
    expect(decideStatus({ ...base, probe: 'free', host: h })).toBe('crashed');
    expect(decideStatus({ ...base, probe: 'unavailable', host: h })).toBe('crashed');
    expect(decideStatus({ ...base, probe: 'unavailable', host: { ...h, bootTime: 5 } })).toBe(
      'silent',
    );
    expect(decideStatus({ ...base, endStatus: 'killed', probe: 'held', host: h })).toBe('killed');
  });
});
