// Bundles the preload into one CommonJS file: a sandboxed preload can require only 'electron',
// so the shared code it uses is inlined here.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  entryPoints: [`${root}/electron/preload.ts`],
  outfile: `${root}/out/electron/preload.cjs`,
  bundle: true,
  format: 'cjs',
  platform: 'browser',
  target: 'chrome120',
  external: ['electron'],
  sourcemap: true,
  logLevel: 'warning',
});
