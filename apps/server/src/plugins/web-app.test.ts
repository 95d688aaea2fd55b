import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let dist: string;
let t: TestApp;
let notBuilt: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'club-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="club-config" content="{}"><script type="module" src="/assets/x.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'x.js'), 'console.log("x");');
  writeFileSync(join(dist, 'assets', 'x.js.gz'), gzipSync('console.log("x");'));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({
    config: {
      webDistDir: dist,
      production: true,
      tokenStorage: 'cookie',
      publicRootDomain: 'club.example',
    },
  });
  notBuilt = await createTestApp({ database: t.database });
});
afterAll(async () => {
  await notBuilt.close();
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/faq', '/ell/news', '/agency/opt-in?s=1&c=2', '/gr/eng/points'])(
    'answers %s with the SPA entry and the client configuration',
    async (url) => {
      const response = await t.app.inject({ url, headers: { host: 'club.example' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(
        '<meta name="club-config" content="{&quot;production&quot;:true,&quot;errorLog&quot;:false,&quot;tokenStorage&quot;:&quot;cookie&quot;,&quot;rootDomain&quot;:&quot;club.example&quot;}">',
      );
      expect(response.cookies.map((cookie) => cookie.name)).toContain('XSRF-TOKEN');
    },
  );

  it.each([
    ['gr.club.example', '/ell/faq/'],
    ['gr.club.example', '/deu/agency/successfully-opt-out'],
    ['gr.club.example', '/?mode=subscribe&x=1'],
    ['gr.club.example', '/eng?mode=login&form=1'],
    ['gr.club.example', '/redeem-points'],
    ['club.example', '/ae/ara'],
  ])('answers %s%s, a page of the route table, with 200', async (host, url) => {
    const response = await t.app.inject({ url, headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it.each([
    ['gr.club.example', '/no/such/page'],
    ['gr.club.example', '/health'],
    ['gr.club.example', '/eng/news/extra?mode=subscribe'],
    ['gr.club.example', '/gr/faq'],
    ['club.example', '/gr/eng/faq/more'],
    ['gr.club.example', '/404'],
  ])('answers %s%s, which fits no route, with 404 and the web app', async (host, url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({ method, url, headers: { host } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      if (method === 'GET') expect(response.body).toContain('<meta name="club-config"');
    }
  });

  it('keeps the JSON 404 for unknown calls', async () => {
    for (const url of ['/s2c/no/such/call', '/s2c/content/v1/nothing?x=1']) {
      const response = await t.app.inject({ url, headers: { host: 'gr.club.example' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', data: null });
    }
  });

  it('serves hashed assets with a year of immutable cache and no cookie', async () => {
    const response = await t.app.inject({ url: '/assets/x.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("x");');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('sends the precompressed copy of an asset to a client that accepts it', async () => {
    const response = await t.app.inject({
      url: '/assets/x.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe('console.log("x");');
    const plain = await t.app.inject({ url: '/assets/x.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('serves other files of the build without long caching', async () => {
    const response = await t.app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('never serves index.html raw, and answers 404 for missing assets', async () => {
    const raw = await t.app.inject({ url: '/index.html' });
    expect(raw.body).not.toContain('content="{}"');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('serves content images under /media/ with a day of cache', async () => {
    const response = await t.app.inject({ url: '/media/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect((await t.app.inject({ url: '/media/missing.svg' })).statusCode).toBe(404);
  });

  it('answers a short 503 page when the web app is not built', async () => {
    const response = await notBuilt.app.inject({ url: '/faq' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('not built');
    // The calls work all the same.
    expect((await notBuilt.app.inject({ url: '/s2c/content/v1/layout/' })).statusCode).toBe(200);
  });
});
