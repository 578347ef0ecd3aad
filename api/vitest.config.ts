import { defineConfig } from 'vitest/config';

// One embedded PostgreSQL for the run (test/global-setup.ts); each test file gets its own database
// cloned from a migrated, base-seeded template (test/database-per-file.ts).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/database-per-file.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
