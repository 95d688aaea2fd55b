import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberSearchAnswer } from '@club/contract/staff-members';
import { rowsOf } from '../../db/rows.js';
import { agents } from '../agents/schema.js';
import { dataOf } from '../../testing/agent-requests.js';
import { createAgent, createOffice } from '../../testing/factories.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { searchStatements } from './member-search.js';

let t: TestApp;
let clock = Date.parse('2030-03-02T09:00:00Z');
const tokens: Record<'admin' | 'managerGr' | 'managerAt', string> = {
  admin: '',
  managerGr: '',
  managerAt: '',
};
let office: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  office = (await createOffice(db, { officeId: 'SRCHGR7701', countryCode: 'gr' })).officeId;
  const atOffice = (await createOffice(db, { officeId: 'SRCHAT7702', countryCode: 'at' })).officeId;
  await createAgent(db, {
    firstName: 'Eleni',
    lastName: 'Papadopoúlou',
    email: 'eleni.search@travel.example',
    officeId: office,
  });
  await createAgent(db, {
    firstName: 'Νίκος',
    lastName: 'Παπαδάκης',
    email: 'nikos.search@travel.example',
    officeId: office,
  });
  await createAgent(db, {
    firstName: 'Lukas',
    lastName: 'Searchmann',
    email: 'lukas.search@travel.example',
    countryCode: 'at',
    languageCode: 'deu',
    officeId: atOffice,
  });
  await createAgent(db, {
    firstName: 'Ana',
    lastName: '100%_Real',
    email: 'ana.search@travel.example',
    officeId: office,
  });
  for (const [name, role, countries] of [
    ['admin', 'admin', []],
    ['managerGr', 'manager', ['gr']],
    ['managerAt', 'manager', ['at']],
  ] as const) {
    clock += 30_000;
    tokens[name] = await staffLogin(t.app, await createStaff(db, role, [...countries]), clock);
  }
});
afterAll(() => t.close());

async function search(as: keyof typeof tokens, query: Record<string, string>) {
  const response = await staffCall(
    t.app,
    tokens[as],
    'GET',
    `/s2c/staff/v1/members?${new URLSearchParams(query).toString()}`,
  );
  return response;
}

const namesOf = async (as: keyof typeof tokens, query: string) => {
  const response = await search(as, { query });
  expect(response.statusCode).toBe(200);
  return dataOf<MemberSearchAnswer>(response).items.map((item) => item.lastName);
};

describe('GET /s2c/staff/v1/members (member search)', () => {
  it('finds a member by their exact number, with the fields of the list', async () => {
    const member = await createAgent(t.database.db, {
      firstName: 'Maria',
      lastName: 'Numbered',
      officeId: office,
      status: 'pending',
    });
    const answer = dataOf<MemberSearchAnswer>(await search('managerGr', { query: member.number }));
    expect(answer).toEqual({
      items: [
        {
          number: member.number,
          countryCode: 'gr',
          firstName: 'Maria',
          lastName: 'Numbered',
          email: member.email,
          officeId: office,
          state: 'pending',
        },
      ],
      total: 1,
      totalCapped: false,
    });
    // A number's prefix is not a match: numbers are exact.
    expect(await namesOf('managerGr', member.number.slice(0, -1))).not.toContain('Numbered');
  });

  it('finds by email, exact or its beginning, in any case', async () => {
    expect(await namesOf('admin', 'ELENI.SEARCH@travel.example')).toEqual(['Papadopoúlou']);
    expect(await namesOf('admin', 'eleni.search@')).toEqual(['Papadopoúlou']);
    expect(await namesOf('admin', 'eleni.search')).toEqual(['Papadopoúlou']);
  });

  it('finds by last or first name prefix, ignoring case and accents, Latin and Greek', async () => {
    expect(await namesOf('admin', 'papadopou')).toEqual(['Papadopoúlou']);
    expect(await namesOf('admin', 'PAPADOPOÚ')).toEqual(['Papadopoúlou']);
    expect(await namesOf('admin', 'παπαδα')).toEqual(['Παπαδάκης']);
    expect(await namesOf('admin', 'νικος')).toEqual(['Παπαδάκης']);
    expect(await namesOf('admin', 'Eleni Papa')).toEqual(['Papadopoúlou']);
    expect(await namesOf('admin', 'papadopoulou eleni')).toEqual(['Papadopoúlou']);
    expect(await namesOf('admin', 'Eleni Παπα')).toEqual([]);
  });

  it('takes LIKE wildcards in the query literally', async () => {
    expect(await namesOf('admin', '100%_')).toEqual(['100%_Real']);
    expect(await namesOf('admin', '1%')).toEqual([]);
    expect(await namesOf('admin', '_')).toEqual([]);
  });

  it('finds by office ID, exact or its beginning, in any case', async () => {
    const names = await namesOf('managerGr', 'srchgr77');
    expect(names).toEqual(expect.arrayContaining(['Papadopoúlou', 'Παπαδάκης', '100%_Real']));
    expect(await namesOf('managerGr', 'SRCHGR7701')).toHaveLength(names.length);
  });

  it("keeps to the staff member's countries; an admin sees every country", async () => {
    expect(await namesOf('admin', 'searchmann')).toEqual(['Searchmann']);
    expect(await namesOf('managerAt', 'searchmann')).toEqual(['Searchmann']);
    expect(await namesOf('managerGr', 'searchmann')).toEqual([]);
    expect(await namesOf('managerAt', 'papadopou')).toEqual([]);
    expect(await namesOf('managerAt', 'srchat')).toEqual(['Searchmann']);
    expect(await namesOf('managerAt', 'srchgr')).toEqual([]);
  });

  it('pages through the matches in name order, with the total', async () => {
    const pagingOffice = (await createOffice(t.database.db, { officeId: 'PAGEGR0001' })).officeId;
    for (const lastName of ['Pager-C', 'Pager-A', 'Pager-E', 'Pager-B', 'Pager-D']) {
      await createAgent(t.database.db, { lastName, officeId: pagingOffice });
    }
    const page = async (index: number) =>
      dataOf<MemberSearchAnswer>(
        await search('managerGr', { query: 'pager-', page: String(index), pageSize: '2' }),
      );
    const pages = [await page(0), await page(1), await page(2), await page(3)];
    expect(pages.map((answer) => answer.items.map((item) => item.lastName))).toEqual([
      ['Pager-A', 'Pager-B'],
      ['Pager-C', 'Pager-D'],
      ['Pager-E'],
      [],
    ]);
    expect(pages.map((answer) => answer.total)).toEqual([5, 5, 5, 5]);
  });

  it('answers 400 with a message per field for bad input, never a 500', async () => {
    for (const [query, field] of [
      [{ query: '' }, 'query'],
      [{}, 'query'],
      [{ query: 'x'.repeat(101) }, 'query'],
      [{ query: 'a', page: '-1' }, 'page'],
      [{ query: 'a', page: 'two' }, 'page'],
      [{ query: 'a', pageSize: '0' }, 'pageSize'],
      [{ query: 'a', pageSize: '101' }, 'pageSize'],
      [{ query: 'a', pageSize: '1.5' }, 'pageSize'],
    ] as const) {
      const response = await search('admin', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<{ data: Record<string, unknown> }>().data[field]).toEqual(
        expect.any(String),
      );
    }
    for (const query of ["' or 1=1 --", '\\', '%', '😀', 'a b c d e']) {
      expect((await search('admin', { query })).statusCode, query).toBe(200);
    }
    // Text the database cannot hold is refused with the other bad input.
    expect((await search('admin', { query: 'a\u0000' })).statusCode).toBe(400);
  });
});

describe('member search at scale', () => {
  it('finds a renamed member by the new name: the stored keys follow the row', async () => {
    const member = await createAgent(t.database.db, { lastName: 'Beforename', officeId: office });
    await t.database.db
      .update(agents)
      .set({ lastName: 'Afterwárd' })
      .where(eq(agents.number, member.number));
    expect(await namesOf('admin', 'afterward')).toEqual(['Afterwárd']);
    expect(await namesOf('admin', 'beforename')).toEqual([]);
  });

  it('reads name matches from the name-key indexes, for every country and for a manager', async () => {
    for (const [query, index] of [
      ['Papad', 'agents_last_name_key_idx'],
      ['Eleni Papa', 'agents_first_name_key_idx'],
    ] as const) {
      for (const countries of [null, ['gr']]) {
        const { page } = searchStatements({ query, page: 0, pageSize: 20 }, countries);
        const plan = await t.database.db.transaction(async (tx) => {
          // A test table is small enough to scan: ask whether the index can serve the query.
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_bitmapscan = off`);
          return JSON.stringify(rowsOf(await tx.execute(sql`explain (format json) ${page}`)));
        });
        expect(plan, `${query} ${String(countries)}`).toContain(index);
        expect(plan).not.toContain('Seq Scan');
      }
    }
  });
});
