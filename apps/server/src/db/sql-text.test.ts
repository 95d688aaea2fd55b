import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { agents } from '../modules/agents/schema.js';
import { giftOrders, gifts } from '../modules/gifts/schema.js';
import { pointLots } from '../modules/points/schema.js';
import * as schema from './schema.js';
import { useFastSqlText } from './sql-text.js';

/** A database that is never connected: only its statements' text is asked for. */
function unconnected() {
  return drizzle.mock({ schema, casing: 'snake_case' });
}

function dialectOf(db: ReturnType<typeof unconnected>): PgDialect {
  return (db as unknown as { dialect: PgDialect }).dialect;
}

/** Statements of every kind the club writes: raw text, nested parts, lists, builders, inline values. */
function statements(db: ReturnType<typeof unconnected>): SQL[] {
  const at = new Date('2026-03-02T09:00:00Z');
  const other = alias(agents, 'other');
  return [
    sql`select 1`,
    sql`select ${1}::int, ${'text'}::text, ${null}::int, ${true}, ${at}::timestamptz`,
    sql`with v as (${sql`select ${2} as n`}) select * from v where n in ${[1, 2, 3]}`,
    sql`select ${sql.join([sql`${1}`, sql`${2}`, sql.raw('3')], sql`, `)}`,
    sql`select ${sql.identifier('agents')}.${sql.identifier('id')} from ${agents}`,
    sql`select ${agents.id}, ${agents.number} from ${agents} where ${agents.countryCode} = ${'gr'}`,
    sql`select ${'inline'}, ${4}`.inlineParams(),
    sql`select ${sql.placeholder('member')}`,
    db
      .select({ id: agents.id, number: agents.number })
      .from(agents)
      .where(and(eq(agents.countryCode, 'gr'), or(isNull(agents.email), gt(agents.id, 5))))
      .getSQL(),
    db
      .select()
      .from(giftOrders)
      .innerJoin(other, eq(other.id, giftOrders.agentId))
      .where(inArray(giftOrders.id, [1, 2, 3]))
      .limit(20)
      .for('update', { skipLocked: true })
      .getSQL(),
    db
      .insert(pointLots)
      .values([
        {
          agentId: 1,
          creditedOn: '2026-03-02',
          expiresOn: '2029-03-02',
          credited: 5,
          remaining: 5,
        },
        {
          agentId: 2,
          creditedOn: '2026-03-02',
          expiresOn: '2029-03-02',
          credited: 9,
          remaining: 0,
        },
      ])
      .onConflictDoUpdate({
        target: [pointLots.agentId, pointLots.creditedOn],
        set: { remaining: sql`${pointLots.remaining} + excluded.remaining` },
      })
      .getSQL(),
    db
      .update(giftOrders)
      .set({ lockedUntil: at, lastError: null, attempts: 2 })
      .where(eq(giftOrders.id, 7))
      .returning({ id: giftOrders.id })
      .getSQL(),
    db
      .update(gifts)
      .set({ stock: sql`${gifts.stock} - ${1}` })
      .where(eq(gifts.id, 3))
      .getSQL(),
  ];
}

describe('the statement text', () => {
  it("is drizzle's own text, parameters and types for every kind of statement", () => {
    const theirs = unconnected();
    const mine = unconnected();
    useFastSqlText(dialectOf(mine));
    const expected = statements(theirs).map((statement) => dialectOf(theirs).sqlToQuery(statement));
    const answered = statements(mine).map((statement) => dialectOf(mine).sqlToQuery(statement));
    expect(answered).toEqual(expected);
    // The corpus holds parameters, inline values and placeholders, not only text.
    expect(expected.some((query) => query.params.length > 3)).toBe(true);
    expect(expected.some((query) => query.sql.includes("'inline'"))).toBe(true);
  });

  it('numbers parameters on across parts handed to drizzle', () => {
    const db = unconnected();
    useFastSqlText(dialectOf(db));
    const query = dialectOf(db).sqlToQuery(
      sql`select ${1}, ${agents.id}, ${2} from ${agents} where ${eq(agents.id, 3)} and ${[4, 5]}`,
    );
    expect(query.sql).toBe(
      'select $1, "agents"."id", $2 from "agents" where "agents"."id" = $3 and ($4, $5)',
    );
    expect(query.params).toEqual([1, 2, 3, 4, 5]);
  });

  it("when checking, fails a statement whose text differs from drizzle's", () => {
    const db = unconnected();
    const dialect = dialectOf(db);
    // A walk of drizzle's that answers otherwise stands for a difference.
    dialect.sqlToQuery = () => ({ sql: 'select 2', params: [] });
    useFastSqlText(dialect, true);
    expect(() => dialect.sqlToQuery(sql`select 1`)).toThrow(/differs from drizzle's/);
  });
});
