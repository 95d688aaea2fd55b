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
    // A worker keeps its imported modules from one file to the next: importing
    // the server's module graph again for each file cost about 40% of the suite.
    // Each file still opens its own database and app, and restores what it stubs.
    // A file that needs a module graph of its own is named `*.isolated.test.ts`.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared modules',
          isolate: false,
          include: slowTier ? ['src/**/*.slow.test.ts'] : ['src/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            'src/**/*.isolated.test.ts',
            ...(slowTier ? [] : ['src/**/*.slow.test.ts']),
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          // The slow tier has no isolated file: a name that matches none.
          include: [slowTier ? 'src/**/*.isolated.slow.test.ts' : 'src/**/*.isolated.test.ts'],
          passWithNoTests: true,
        },
      },
    ],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
