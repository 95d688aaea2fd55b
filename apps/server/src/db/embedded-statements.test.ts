import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embeddedParsers, withNamedStatements } from './embedded-statements.js';
import { rowsOf } from './rows.js';

// The embedded database's own client, as db/client.ts opens it, against PGlite's own answers.
let raw: PGlite;
let client: PGlite;

beforeEach(async () => {
  raw = await PGlite.create({ parsers: embeddedParsers });
  client = withNamedStatements(raw);
  await raw.exec(`
    create table entries (id int primary key, note text, at timestamptz, day date,
      amount numeric(10, 2), tags text[], data jsonb, done boolean);
    insert into entries values
      (1, 'first', '2026-01-02T03:04:05Z', '2026-01-02', 12.5, '{a,b}', '{"k": [1, 2]}', true),
      (2, null, null, null, null, null, null, null);`);
});
afterEach(async () => {
  if (!raw.closed) await raw.close();
});

const select = 'select id, note, at, day, amount, tags, data, done from entries where id = $1';

async function namedTexts(): Promise<string[]> {
  const { rows } = await raw.query<{ statement: string }>(
    `select statement from pg_prepared_statements where name like 'club_statement_%'`,
  );
  return rows.map((row) => row.statement);
}

describe('statements of the embedded database, run by name', () => {
  it('answers a statement used again by name, exactly as PGlite answers it unnamed', async () => {
    const drizzleOptions = { rowMode: 'array' as const, parsers: embeddedParsers };
    for (const id of [1, 2]) {
      const expected = await raw.query(select, [id], drizzleOptions);
      const first = await client.query(select, [id], drizzleOptions);
      const second = await client.query(select, [id], drizzleOptions);
      const third = await client.query(select, [id]);
      expect(first.rows).toEqual(expected.rows);
      expect(second.rows).toEqual(expected.rows);
      expect(second.fields).toEqual(expected.fields);
      expect(third.rows).toEqual((await raw.query(select, [id])).rows);
    }
    expect((await client.query(select, [1])).rows[0]).toEqual({
      id: 1,
      note: 'first',
      at: '2026-01-02 03:04:05+00',
      day: '2026-01-02',
      amount: '12.50',
      tags: ['a', 'b'],
      data: { k: [1, 2] },
      done: true,
    });
    expect(await namedTexts()).toEqual([select]);
  });

  it('names a text only on its second use, and serialises parameters by their types', async () => {
    const insert =
      'insert into entries (id, at, tags, data, done) values ($1, $2, $3, $4, $5) returning id, at, tags, data, done';
    const first = await client.query(insert, [3, '2026-05-06T07:08:09Z', ['x'], { n: 1 }, false]);
    expect(await namedTexts()).toEqual([]);
    const second = await client.query(insert, [
      4,
      new Date('2026-05-06T07:08:09Z'),
      ['y', 'z'],
      { n: 2 },
      true,
    ]);
    expect(await namedTexts()).toEqual([insert]);
    expect(first.rows).toEqual([
      { id: 3, at: '2026-05-06 07:08:09+00', tags: ['x'], data: { n: 1 }, done: false },
    ]);
    expect(second.rows).toEqual([
      { id: 4, at: '2026-05-06 07:08:09+00', tags: ['y', 'z'], data: { n: 2 }, done: true },
    ]);
    expect(second.affectedRows).toBe(1);
  });

  it('refuses as PGlite does, with the database error and its code, and keeps the data', async () => {
    const insert = 'insert into entries (id) values ($1)';
    await client.query(insert, [10]);
    await client.query(insert, [11]);
    const refused = await client.query(insert, [11]).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: '23505', query: insert });
    await client.query(insert, [12]);
    const { rows } = await raw.query<{ id: number }>(
      'select id from entries where id >= 10 order by id',
    );
    expect(rows.map((row) => row.id)).toEqual([10, 11, 12]);
  });

  it('runs a transaction’s statements in it: its own writes seen, undone by a rollback', async () => {
    const update = 'update entries set note = $1 where id = $2';
    const read = 'select note from entries where id = $1';
    await expect(
      client.transaction(async (tx) => {
        for (const note of ['a', 'b', 'c']) {
          await tx.query(update, [note, 1]);
          expect((await tx.query<{ note: string }>(read, [1])).rows).toEqual([{ note }]);
        }
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await client.query(read, [1])).rows).toEqual([{ note: 'first' }]);
    expect(await namedTexts()).toEqual(expect.arrayContaining([update, read]));
  });

  it('lets no statement from outside run inside an open transaction', async () => {
    const read = 'select note from entries where id = $1';
    await client.query(read, [1]);
    await client.query(read, [1]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('update entries set note = $1 where id = $2', ['inside', 1]);
      await held;
      await tx.query('update entries set note = $1 where id = $2', ['first', 1]);
    });
    // Read while the transaction is open: it must wait for the end and see the committed note.
    const outside = client.query<{ note: string }>(read, [1]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ note: 'first' }]);
  });

  it('lets no named statement from outside run between the statements of an open transaction', async () => {
    const read = 'select note from entries where id = $1';
    await client.query(read, [1]);
    await client.query(read, [1]); // named from here on
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let midway!: () => void;
    const started = new Promise<void>((resolve) => (midway = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('update entries set note = $1 where id = $2', ['inside', 1]);
      midway();
      await held;
      await tx.query('update entries set note = $1 where id = $2', ['first', 1]);
    });
    // Read once the transaction has written, between its statements: it must wait for the commit.
    await started;
    const outside = client.query<{ note: string }>(read, [1]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ note: 'first' }]);
  });

  it('is what Drizzle runs on: dates stay strings, raw results keep their rows', async () => {
    const db = drizzle({ client });
    for (let run = 0; run < 3; run++) {
      const rows = rowsOf(await db.execute(sql`select at, day from entries where id = ${1}`));
      expect(rows).toEqual([{ at: '2026-01-02 03:04:05+00', day: '2026-01-02' }]);
    }
  });

  it('lets the event loop take its turn between statements that wait for the database', async () => {
    const count = 'select count(*)::int as n from entries where id > $1';
    await client.query(count, [0]); // named from its second use on
    let answered = 0;
    const waiting = Array.from({ length: 200 }, () =>
      client.query(count, [0]).then(() => {
        answered += 1;
      }),
    );
    // A timer due now fires at the loop's next turn: while statements still wait, not after all.
    const answeredWhenTimerFired = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(answered), 0),
    );
    await Promise.all(waiting);
    expect(answered).toBe(200);
    expect(answeredWhenTimerFired).toBeLessThan(20);
  });

  it('answers a closed database with PGlite’s own error', async () => {
    await client.query(select, [1]);
    await client.query(select, [1]);
    await raw.close();
    await expect(client.query(select, [1])).rejects.toThrow('PGlite is closed');
  });
});
