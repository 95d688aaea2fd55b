import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The server serves the built app and the API from one origin; in `vite dev`
// the API is proxied to a server started with `npm run dev -w apps/server`.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  build: { outDir: 'dist', sourcemap: true, assetsInlineLimit: 0 },
  server: {
    proxy: { '/s2c': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
  },
});
