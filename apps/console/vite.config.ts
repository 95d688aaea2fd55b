import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The staff console: its own app and build, served by the server at /staff on
 * the root domain. Nothing of it is in the member web app's bundles.
 */
export default defineConfig({
  base: '/staff/',
  plugins: [react()],
  resolve: { conditions: ['source'] },
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
  },
});
