// Vite builds an offline report's page (renderer/src/report) into one script and one style
// sheet, out/report/report.{js,css}, which `munin-view report` inlines into every report.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('../renderer', import.meta.url)),
  base: './',
  // The app's icon and other public files are the app's: a report inlines what it uses.
  publicDir: false,
  // A library build keeps process.env in the code: React's production build is chosen here.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: fileURLToPath(new URL('../out/report', import.meta.url)),
    emptyOutDir: true,
    // One script, run from an inline <script> of a file:// page: no modules, no chunks.
    lib: {
      entry: fileURLToPath(new URL('../renderer/src/report/main.tsx', import.meta.url)),
      formats: ['iife'],
      name: 'muninReport',
      fileName: () => 'report.js',
      cssFileName: 'report',
    },
    cssCodeSplit: false,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
