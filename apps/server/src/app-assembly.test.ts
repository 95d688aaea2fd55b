import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { pointsModule } from './modules/points/points-module.js';
import { backgroundJobsPlugin } from './plugins/background-jobs.js';
import { testConfig } from './testing/test-app.js';

/** An app with what `buildApp` decorates before any plugin, and nothing else. */
function bareApp() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.decorate('config', testConfig());
  app.decorate('db', {} as Database);
  return app;
}

describe('assembling the app', () => {
  it('refuses a module registered before a plugin it depends on', async () => {
    const app = bareApp();
    await app.register(backgroundJobsPlugin, { enabled: false });
    await expect(app.register(pointsModule)).rejects.toThrow(
      "The dependency 'content' of plugin 'points' is not registered",
    );
  });

  it('refuses a module without the decorations buildApp gives every plugin', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    await expect(app.register(backgroundJobsPlugin, { enabled: false })).rejects.toThrow(
      "The decorator 'config' required by 'background-jobs' is not present in Fastify",
    );
  });
});
