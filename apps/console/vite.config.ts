import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * React Router's package exports only its development build (warnings and
 * checks on every render; remix-run/react-router#14753): a built console
 * takes the production build beside it, as React's own production build.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * The staff console: its own app and build, served by the server at /staff on
 * the root domain. Nothing of it is in the member web app's bundles.
 */
export default defineConfig(({ command }) => ({
  base: '/staff/',
  plugins: [react()],
  resolve: {
    conditions: ['source'],
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/s2c': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
  test: {
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/staff/' } },
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // Above the 5 s a screen query may wait (testing/setup.ts): on a loaded CI machine one
    // test may wait for two screens in a row, and the default 5 s would end it first.
    testTimeout: 20_000,
  },
}));
