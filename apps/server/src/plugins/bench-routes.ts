import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { appPlugin } from '../app-types.js';
import { agents } from '../modules/agents/schema.js';

/**
 * The bench's baselines inside the club's own process (docs/testing.md#benchmarks),
 * registered only with BENCH_ROUTES (never in production): `GET /bench/primary-key-read/:id`
 * reads one member row by primary key on the app's own database pool and answers it as
 * JSON; `GET /bench/signed-in-read` reads only the signed-in member of the bearer token, as
 * every member call does first, and answers the same fields. They pass the same app-wide
 * hooks as every call, so the status report measured against them shows what the report's
 * own work costs, and what being signed in costs before any. `POST /bench/locked-write` is
 * the floor of every change of points: the signed-in member's balance row locked and written
 * in a transaction (the round trips a gift order cannot do without), and nothing else.
 * `POST /bench/full-collection`
 * runs a full garbage collection (in a process started with `--expose-gc`) and answers the
 * heap still in use: what the process keeps, apart from how far V8 lets its heap grow.
 */
export const benchRoutesPlugin = appPlugin(
  (app) => {
    if (!app.config.benchRoutes) return;
    // Prepared, as the calls it is compared with prepare theirs.
    const byPrimaryKey = app.db
      .select({ id: agents.id, number: agents.number, countryCode: agents.countryCode })
      .from(agents)
      .where(eq(agents.id, sql.placeholder('id')))
      .prepare('bench_primary_key_read');
    app.get(
      '/bench/primary-key-read/:id',
      { schema: { hide: true, params: z.object({ id: z.coerce.number().int() }) } },
      async (request) => {
        const [row] = await byPrimaryKey.execute({ id: request.params.id });
        return { data: row ?? null };
      },
    );
    app.get(
      '/bench/signed-in-read',
      { onRequest: app.requireMember, schema: { hide: true } },
      (request) => {
        const { id, number, countryCode } = request.agent!;
        return Promise.resolve({ data: { id, number, countryCode } });
      },
    );
    app.post(
      '/bench/locked-write',
      { onRequest: app.requireMember, schema: { hide: true } },
      async (request) => {
        const agentId = request.agent!.id;
        await app.db.transaction(async (tx) => {
          await tx.execute(
            sql`select agent_id from point_balances where agent_id = ${agentId} for update`,
          );
          await tx.execute(
            sql`update point_balances set updated_at = now() where agent_id = ${agentId}`,
          );
        });
        return { data: { id: agentId } };
      },
    );
    app.post('/bench/full-collection', { schema: { hide: true } }, async (_request, reply) => {
      const collect = (globalThis as { gc?: () => void }).gc;
      if (collect === undefined) {
        return reply.code(409).send({ error: 'The server was not started with --expose-gc' });
      }
      collect();
      return { data: { heapUsedBytes: process.memoryUsage().heapUsed } };
    });
  },
  { name: 'bench-routes', dependencies: ['agents'] },
);
