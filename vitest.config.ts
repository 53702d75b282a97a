// Vitest configuration: unit and end-to-end tests live under test/.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves a core free, which on a two-core machine (CI's) runs one file at a time;
    // the files mostly wait on child processes and Chromium, and two at once took the whole
    // suite from 533 s to 338 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
