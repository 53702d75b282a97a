// Vite builds the React renderer (renderer/) into out/renderer, served by `serve` and loaded by Electron.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('../renderer', import.meta.url)),
  base: './',
  build: {
    outDir: fileURLToPath(new URL('../out/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
