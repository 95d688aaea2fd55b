import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that start real server processes and wait on them (`*.slow.test.ts`)
 * form their own tier, `npm run test:slow`, which CI runs; the default run
 * leaves them out so that the feedback loop stays short.
 */
const slowTier = process.env.TEST_TIER === 'slow';

export default defineConfig({
  // Workspace packages are used from their TypeScript sources.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    globalSetup: ['src/testing/global-setup.ts'],
    // Each file opens its own database; two at a time is what this kind of machine affords.
    maxWorkers: 2,
    include: slowTier ? ['src/**/*.slow.test.ts'] : ['src/**/*.test.ts'],
    exclude: slowTier
      ? configDefaults.exclude
      : [...configDefaults.exclude, 'src/**/*.slow.test.ts'],
    // Each file imports the server's modules afresh (Vitest's default). Keeping
    // them from one file to the next saved about 40% of the suite's CPU, but
    // whole runs then hung now and then in a test that passes alone (a refund
    // beside an order on PostgreSQL, an aborted request, a slow client); the
    // cause is not found, so the suite isolates its files again.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
