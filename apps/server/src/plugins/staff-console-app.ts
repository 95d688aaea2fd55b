import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { countryFromHost } from '@club/contract/host';
import { appPlugin } from '../app-types.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the staff console (apps/console, its own build) at /staff on the
 * root domain: hashed assets for a year (compressed when the build wrote
 * compressed copies), `index.html` for every other path
 * under /staff (the console's router takes it from there). A country host
 * sends staff to the root domain, where the console's session lives.
 */
export const staffConsoleAppPlugin = appPlugin(
  async (app) => {
    const { config } = app;
    const distDir = config.staff.consoleDistDir;
    const indexPath = join(distDir, 'index.html');
    const entry = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;

    if (entry !== undefined && existsSync(join(distDir, 'assets'))) {
      await app.register(fastifyStatic, {
        root: join(distDir, 'assets'),
        prefix: '/staff/assets/',
        wildcard: false,
        decorateReply: false,
        // The console's build writes .br and .gz copies beside each asset (scripts/precompress.mjs).
        preCompressed: true,
        setHeaders: (reply) => {
          void reply.header('cache-control', IMMUTABLE);
        },
      });
    }

    const consolePage = (request: FastifyRequest, reply: FastifyReply) => {
      const host = request.headers.host ?? '';
      if (countryFromHost(host, config.publicRootDomain) !== undefined) {
        const port = /:(\d+)$/.exec(host)?.[1];
        const root =
          port === undefined ? config.publicRootDomain : `${config.publicRootDomain}:${port}`;
        return reply.redirect(`${request.protocol}://${root}${request.url}`, 308);
      }
      if (entry === undefined) {
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(notBuiltPage);
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex')
        .send(entry);
    };
    app.get('/staff', { schema: { hide: true } }, consolePage);
    app.get('/staff/*', { schema: { hide: true } }, consolePage);
  },
  { name: 'staff-console-app' },
);

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not built</title></head>
<body><h1>The staff console is not built</h1><p>Run <code>npm run build</code>, then start the server again.</p></body></html>
`;
