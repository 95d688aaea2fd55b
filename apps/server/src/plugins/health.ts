import type { FastifyInstance } from 'fastify';
import { appPlugin } from '../app-types.js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/errors.js';
import { newestMigration } from '../db/migrate.js';

const databaseStates = ['answers', 'does not answer', 'failed'] as const;
const migrationStates = ['applied', 'missing', 'unknown'] as const;
type DatabaseState = (typeof databaseStates)[number];
type MigrationState = (typeof migrationStates)[number];

/** The answers as the OpenAPI document shows them (no `data` envelope: balancers read them). */
const LiveSchema = z.object({ status: z.literal('live') });
const ReadySchema = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.enum(databaseStates),
  migrations: z.enum(migrationStates),
  /** Each background job this process runs that readiness waits for, by name. */
  workers: z.record(z.string(), z.enum(['running', 'stopped'])),
});

/**
 * Health checks for load balancers and orchestrators, answering JSON:
 * `GET /livez` is 200 while the process serves requests; `GET /readyz` is 200
 * only when the database answers, every migration of this build is applied and
 * every background job this process runs (the registry of plugins/background-jobs.ts)
 * is running, else 503 with what is wrong. A database that has not answered
 * within DATABASE_ANSWER_TIMEOUT_MS counts as not answering.
 */
export const healthPlugin = appPlugin(
  (app) => {
    const noStore = { 'cache-control': 'no-store' };

    app.get(
      '/livez',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: 200 while the process serves requests',
          response: { 200: LiveSchema },
        },
      },
      (_request, reply) => {
        reply.headers(noStore);
        return { status: 'live' as const };
      },
    );

    app.get(
      '/readyz',
      {
        schema: {
          tags: ['health'],
          summary:
            'Readiness: 200 when the database answers, every migration is applied and every background job runs',
          response: {
            200: ReadySchema,
            503: ReadySchema.describe('Not ready: what is wrong'),
          },
        },
      },
      async (request, reply) => {
        const { database, migrations } = await checkDatabase(
          app,
          app.config.databaseAnswerTimeoutMs,
        );
        const workers = Object.fromEntries(
          Object.entries(app.backgroundJobs.readinessJobs()).map(([name, job]) => [
            name,
            job.isRunning ? ('running' as const) : ('stopped' as const),
          ]),
        );
        const ready =
          database === 'answers' &&
          migrations === 'applied' &&
          Object.values(workers).every((state) => state === 'running');
        if (!ready) request.log.warn({ database, migrations, workers }, 'not ready');
        return reply
          .code(ready ? 200 : 503)
          .headers(noStore)
          .send({ status: ready ? 'ready' : 'not ready', database, migrations, workers });
      },
    );
  },
  { name: 'health', dependencies: ['background-jobs'] },
);

/** One statement answers both questions: the database answers, and it has our newest migration. */
async function checkDatabase(
  app: FastifyInstance,
  answerTimeoutMs: number,
): Promise<{ database: DatabaseState; migrations: MigrationState }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), answerTimeoutMs);
  });
  const query = app.db
    .execute<{ newest: string | number | null }>(
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    )
    .then(
      // Both drivers answer with `rows`.
      (result: unknown) => ({
        ok: true as const,
        newest: (result as { rows: { newest: string | number | null }[] }).rows[0]?.newest ?? null,
      }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const outcome = await Promise.race([query, late]).finally(() => clearTimeout(timer));
  if (outcome === 'late') return { database: 'does not answer', migrations: 'unknown' };
  if (!outcome.ok) {
    if (isDatabaseUnavailable(outcome.error)) {
      return { database: 'does not answer', migrations: 'unknown' };
    }
    // 42P01: no migrations table, so none was ever applied.
    if (hasCode(outcome.error, '42P01')) return { database: 'answers', migrations: 'missing' };
    app.log.error({ err: outcome.error }, 'readiness check failed');
    return { database: 'failed', migrations: 'unknown' };
  }
  const applied = outcome.newest !== null && Number(outcome.newest) >= newestMigration;
  return { database: 'answers', migrations: applied ? 'applied' : 'missing' };
}

function hasCode(error: unknown, code: string): boolean {
  for (let current = error, depth = 0; depth < 5; depth++) {
    if (typeof current !== 'object' || current === null) return false;
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
