import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages are used from their TypeScript sources.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // Each file opens its own database; two at a time is what this kind of machine affords.
    maxWorkers: 2,
    testTimeout: 20_000,
    // Every statement's text is checked against drizzle's own (db/sql-text.ts).
    env: { CLUB_CHECK_SQL_TEXT: '1' },
    hookTimeout: 60_000,
  },
});
