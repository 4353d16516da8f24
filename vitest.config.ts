import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // DuckDB's native binding and Chromium are happier in child processes than in threads.
    pool: 'forks',
    // Generous bounds, not expectations: CI shares the machine, and a loaded 2-core box
    // runs the process-spawning tests several times slower than an idle one.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
