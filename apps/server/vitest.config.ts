import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share one module graph per worker: each builds its own app and database (test/support/test-app.ts),
    // so the server's modules load once per worker, not once per file. Vitest's default leaves one core idle.
    isolate: false,
    maxWorkers: '100%',
  },
});
