// Far sides for tests of what the near end does with whatever comes back, without sshd: an "ssh"
// that runs its last argument (the far command line) here, and far programs that speak munin-view
// serve --stdio for a while and then garbage, or write scripted bytes and end.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../serve/harness.js';

/** An ssh command that runs the far command line on this machine, as ssh would on the far one. */
export const LOCAL_SSH = `sh -c 'for a; do last=$a; done; exec sh -c "$last"' fake-ssh`;

const OUT = join(REPO, 'out');

/**
 * A far program: `node far.mjs bytes HEX [EXIT]` writes those bytes and exits; `node far.mjs
 * random SEED` writes a seeded mix of frames, parts of frames and noise, then exits; `node
 * far.mjs serve-then GARBAGE_HEX AFTER STORE` serves STORE for AFTER requests, then writes the
 * garbage. Written into dir; returns the command that runs it (its arguments follow).
 */
export function writeFarProgram(dir: string): string {
  const path = join(dir, 'far.mjs');
  writeFileSync(
    path,
    `
import { encodeWireMessage } from '${OUT}/shared/api/wire-codec.js';
import { framed } from '${OUT}/shared/api/stdio-frames.js';
const text = { encode: (s) => new TextEncoder().encode(s), decode: (b) => new TextDecoder().decode(b) };
const [mode, arg, ...rest] = process.argv.slice(2);
const write = (bytes) => new Promise((done) => process.stdout.write(bytes, done));
if (mode === 'bytes') {
  await write(Buffer.from(arg, 'hex'));
  process.exit(Number(rest[0] ?? 0));
} else if (mode === 'random') {
  let state = Number(arg) >>> 0;
  const u32 = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const pieces = [];
  for (let n = 1 + (u32() % 6); n > 0; n--) {
    switch (u32() % 7) {
      case 0: pieces.push(Buffer.from(Array.from({ length: u32() % 64 }, () => u32() & 255))); break;
      case 1: pieces.push(framed(encodeWireMessage({ type: 'response', id: u32() % 4, response: { ok: u32() % 2 === 0, result: null } }, text))); break;
      case 2: pieces.push(framed(encodeWireMessage({ type: 'deltas', deltas: [{ type: 'run-removed', seq: u32() % 3, runId: 'x' }] }, text))); break;
      case 3: { const f = framed(encodeWireMessage({ type: 'resync' }, text)); pieces.push(f.subarray(0, u32() % f.length)); break; }
      case 4: { const b = Buffer.alloc(4); b.writeUInt32BE(u32()); pieces.push(b); break; }
      case 5: pieces.push(framed(Buffer.from(Array.from({ length: u32() % 40 }, () => u32() & 255)))); break;
      default: pieces.push(Buffer.from('Last login: Mon from 10.0.0.1\\n'));
    }
  }
  await write(Buffer.concat(pieces));
  process.exit(u32() % 3);
} else if (mode === 'serve-then') {
  const { Backend } = await import('${OUT}/electron/host/backend.js');
  const { serveStdio } = await import('${OUT}/electron/host/stdio-server.js');
  const { FrameReader } = await import('${OUT}/shared/api/stdio-frames.js');
  const backend = await Backend.open([rest[1]]);
  let requests = 0;
  const after = Number(rest[0]);
  const counter = new FrameReader(1 << 30);
  process.stdin.on('data', (chunk) => {
    requests += counter.push(chunk).length;
    if (requests >= after) setTimeout(() => process.stdout.write(Buffer.from(arg, 'hex')), 200);
  });
  await serveStdio(backend, process.stdin, process.stdout);
  await backend.close();
  process.exit(0);
}
`,
  );
  return `${process.execPath} ${path}`;
}
