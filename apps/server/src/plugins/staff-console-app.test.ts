import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const script = 'console.log("the staff console");'.repeat(40);
let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'club-console-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/staff/assets/index-x.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-x.js'), script);
  writeFileSync(join(dist, 'assets', 'index-x.js.gz'), gzipSync(script));
  writeFileSync(join(dist, 'assets', 'index-x.js.br'), brotliCompressSync(script));
  t = await createTestApp({
    config: { staff: { ...loadConfig({}).staff, consoleDistDir: dist } },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the staff console', () => {
  it('sends the precompressed copy of an asset, cached for a year, and the plain file to a client without', async () => {
    const brotli = await t.app.inject({
      url: '/staff/assets/index-x.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url: '/staff/assets/index-x.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a console path with its entry page, never cached', async () => {
    const page = await t.app.inject({ url: '/staff/members/9000001' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('/staff/assets/index-x.js');
  });
});
