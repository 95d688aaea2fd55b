import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compileHints } from './scripts/compile-hints';

export default defineConfig({
  plugins: [react(), compileHints()],
  resolve: { conditions: ['source'] },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the chunks each screen loads, read by the size check.
    manifest: true,
    sourcemap: true,
    assetsInlineLimit: 0,
    // Every supported browser has modulepreload: no polyfill in the initial bundle.
    modulePreload: { polyfill: false },
    // The form screens share zod and the form library; each gets a chunk of its
    // own so that no lazy chunk passes 30 kB gzip (decision 006).
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'form', test: /node_modules[\\/](?:react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  // The server serves the built app and the API from one origin; in `vite dev`
  // the API is proxied to a server started with `npm run dev -w apps/server`.
  server: {
    proxy: {
      '/s2c': 'http://localhost:3000',
      '/content/v1/log': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
  test: {
    environment: 'happy-dom',
    // A real origin, so relative fetch URLs and the host's country resolve as in a browser.
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
    setupFiles: ['./src/testing/setup.ts'],
    // Style sheets read as text (`?raw`, the style tests) get their content; imported ones stay empty.
    css: { include: [/\.css\?raw$/] },
    restoreMocks: true,
    // Above the 5 s a screen query may wait (testing/setup.ts): on a loaded CI machine one
    // test may wait for two screens in a row, and the default 5 s would end it first.
    testTimeout: 20_000,
    // A worker keeps its imported modules from one file to the next: setting
    // up the page environment and importing React for each file was most of
    // the suite's time. A file that mocks a module (vi.mock) needs a module
    // graph of its own: it is named `*.isolated.test.ts(x)`.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared modules',
          isolate: false,
          exclude: [...configDefaults.exclude, 'src/**/*.isolated.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ['src/**/*.isolated.test.{ts,tsx}'] },
      },
    ],
  },
});
