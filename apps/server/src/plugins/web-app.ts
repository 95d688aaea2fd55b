import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@club/contract/envelope';
import { isKnownPagePath } from '@club/contract/routes';
import { appPlugin } from '../app-types.js';
import type { Config } from '../config.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app from WEB_DIST_DIR: hashed `/assets/*` for a year,
 * other files of the build as they are, content images under `/media/*`, and
 * for every other GET that is not a call the SPA entry, into which the client
 * configuration is written: 200 for paths of the route table, 404 for the
 * others (the web app then shows its 404 page). Unknown calls answer a JSON 404.
 */
export const webAppPlugin = appPlugin(
  async (app) => {
    const { config } = app;
    const entry = readEntry(config);

    if (entry !== undefined) {
      await app.register(fastifyStatic, {
        root: config.webDistDir,
        prefix: '/',
        // One route per file of the build, found at start: the build does not change while serving.
        wildcard: false,
        index: false,
        globIgnore: ['index.html'],
        // The web build writes .br and .gz copies beside each asset (scripts/precompress.mjs).
        preCompressed: true,
        setHeaders: (reply, path) => {
          const isAsset = path.startsWith(join(config.webDistDir, 'assets') + sep);
          reply.header('cache-control', isAsset ? IMMUTABLE : 'no-cache');
        },
      });
    }

    const mediaDir = join(config.contentDir, 'media');
    if (existsSync(mediaDir)) {
      await app.register(fastifyStatic, {
        root: mediaDir,
        prefix: '/media/',
        decorateReply: entry === undefined,
        maxAge: '1d',
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      const isPageView =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/s2c/') &&
        !url.startsWith('/content/') &&
        !url.startsWith('/assets/') &&
        !url.startsWith('/media/');
      if (!isPageView) return reply.code(404).send({ code: ErrorCode.notFound, data: null });
      if (entry === undefined) {
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(notBuiltPage);
      }
      // The web app shows its 404 page for a path that fits no route; machines see the status too.
      const path = url.split('?', 1)[0] ?? '/';
      const known = isKnownPagePath(request.headers.host ?? '', path, config.publicRootDomain);
      return reply
        .code(known ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(entry);
    });
  },
  { name: 'web-app' },
);

/** index.html with the client configuration in `<meta name="club-config">`, read once at start. */
function readEntry(config: Config): string | undefined {
  const path = join(config.webDistDir, 'index.html');
  if (!existsSync(path)) return undefined;
  const clientConfig = escapeHtml(
    JSON.stringify({
      production: config.production,
      errorLog: config.errorLog,
      tokenStorage: config.tokenStorage,
      rootDomain: config.publicRootDomain,
    }),
  );
  const meta = `<meta name="club-config" content="${clientConfig}">`;
  const html = readFileSync(path, 'utf8');
  const pattern = /<meta\s+name="club-config"\s+content="[^"]*"\s*\/?>/;
  return pattern.test(html)
    ? html.replace(pattern, meta)
    : html.replace('</head>', `${meta}</head>`);
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not built</title></head>
<body><h1>The web app is not built</h1><p>Run <code>npm run build</code>, then start the server again.</p></body></html>
`;
