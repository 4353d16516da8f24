import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // DuckDB's native binding and Chromium are happier in child processes than in threads.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
