import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GiftOrdering,
  StaffGiftCatalogue,
  StaffGiftDetail,
  TaxInformation,
} from '@club/contract/staff-gifts';
import type { GiftsPage } from '@club/contract/gifts';
import { getPage, logIn } from '../../../testing/account-helpers.js';
import { createAgent } from '../../../testing/factories.js';
import { loadTestCatalogue, testCatalogue } from '../../../testing/gift-catalogue.js';
import { createStaff, staffCall, staffLogin } from '../../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { commandLineActor } from '../../audit/audit-log.js';
import { auditEntries } from '../../audit/schema.js';
import { runJob } from '../../../staff-commands/staff-command.js';
import { loadGifts } from '../catalogue/load-gifts.js';
import { giftsTaxCommand } from '../ordering/tax-cli.js';
import { giftOrdering, gifts, memberTaxInfo } from '../schema.js';
import { imageTypeOf } from './gift-images.js';

let t: TestApp;
let clock = Date.parse('2030-05-01T09:00:00Z');
const tokens = { admin: '', managerGr: '', managerAe: '', supportGr: '' };

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await loadTestCatalogue(t.database.db);
  const db = t.database.db;
  const accounts = {
    admin: await createStaff(db, 'admin'),
    managerGr: await createStaff(db, 'manager', ['gr']),
    managerAe: await createStaff(db, 'manager', ['ae']),
    supportGr: await createStaff(db, 'support', ['gr']),
  };
  for (const [name, account] of Object.entries(accounts)) {
    clock += 30_000;
    tokens[name as keyof typeof tokens] = await staffLogin(t.app, account, clock);
  }
});
afterAll(() => t.close());

const db = () => t.database.db;
const json = (token: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const auditOf = (action: string, target: string) =>
  db()
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.action, action), eq(auditEntries.target, target)));

const edit = {
  category: 'travel',
  points: 120,
  active: true,
  image: '/media/gifts/suitcase.svg',
  link: '',
  texts: {
    eng: { description: 'Big suitcase', text: '<p>Bigger.</p>' },
    ell: { description: 'Μεγάλη βαλίτσα', text: '' },
  },
};

describe('the catalogue of a country', () => {
  it('lists every gift with every language’s words, categories and ordering; 404 elsewhere', async () => {
    const answer = await staffCall(
      t.app,
      tokens.supportGr,
      'GET',
      '/s2c/staff/v1/gifts?country=gr',
    );
    expect(answer.statusCode).toBe(200);
    const catalogue = answer.json<{ data: StaffGiftCatalogue }>().data;
    expect(catalogue.languages).toEqual(['eng', 'ell']);
    expect(catalogue.categories[0]).toEqual({
      id: 'travel',
      names: { eng: 'Travel', ell: 'Ταξίδια' },
    });
    const suitcase = catalogue.gifts.find((gift) => gift.id === 1001)!;
    expect(suitcase.texts).toEqual({
      eng: { description: 'Suitcase', text: '<p>A case.</p>', imageAlt: '' },
      ell: { description: 'Βαλίτσα', text: '<p>Μια βαλίτσα.</p>', imageAlt: '' },
    });
    expect(catalogue.gifts.map((gift) => gift.id)).toContain(1004);
    expect(
      (await staffCall(t.app, tokens.managerAe, 'GET', '/s2c/staff/v1/gifts?country=gr'))
        .statusCode,
    ).toBe(404);
    expect(
      (await staffCall(t.app, tokens.managerAe, 'GET', '/s2c/staff/v1/gifts/1001')).statusCode,
    ).toBe(404);
  });
});

describe('editing a gift', () => {
  it('changes words, points and image, audits before and after, and the member’s page shows it at once', async () => {
    const answer = await json(tokens.managerGr, 'PUT', '/s2c/staff/v1/gifts/1001', edit);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: StaffGiftDetail }>().data).toMatchObject({
      points: 120,
      texts: edit.texts,
    });
    const [entry] = await auditOf('gift.update', '1001');
    expect(entry).toMatchObject({
      countryCode: 'gr',
      before: { points: 100, texts: { eng: { description: 'Suitcase' } } },
      after: { points: 120, texts: { eng: { description: 'Big suitcase' } } },
    });
    const member = await createAgent(db(), { countryCode: 'gr' });
    const token = await logIn(t.app, member.number, member.password);
    const page = await getPage<GiftsPage>(
      t.app,
      'gifts',
      { countryCode: 'gr', languageCode: 'ell' },
      token,
    );
    expect(page.data.Gifts.find((gift) => gift.id === 1001)).toMatchObject({
      description: 'Μεγάλη βαλίτσα',
      points: 120,
    });
  });

  it('refuses bad input per field, a language or category not of the country, and support', async () => {
    const bad = await json(tokens.managerGr, 'PUT', '/s2c/staff/v1/gifts/1002', {
      ...edit,
      points: 0,
      image: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ data: object }>().data)).toEqual(
      expect.arrayContaining(['points', 'image']),
    );
    const foreignLanguage = await json(tokens.managerGr, 'PUT', '/s2c/staff/v1/gifts/1002', {
      ...edit,
      texts: { ...edit.texts, ara: { description: 'x', text: '' } },
    });
    expect(foreignLanguage.json<{ data: { texts: string } }>().data.texts).toContain('ara');
    const noDefault = await json(tokens.managerGr, 'PUT', '/s2c/staff/v1/gifts/1002', {
      ...edit,
      texts: { ell: edit.texts.ell },
    });
    expect(noDefault.statusCode).toBe(400);
    const category = await json(tokens.managerGr, 'PUT', '/s2c/staff/v1/gifts/1002', {
      ...edit,
      category: 'cars',
    });
    expect(category.json<{ data: { category: string } }>().data.category).toBeTruthy();
    expect((await json(tokens.supportGr, 'PUT', '/s2c/staff/v1/gifts/1002', edit)).statusCode).toBe(
      403,
    );
    const [camera] = await db().select().from(gifts).where(eq(gifts.id, 1002));
    expect(camera).toMatchObject({ points: 40, editedAt: null });
  });

  it('creates a gift with the next id, audited', async () => {
    const answer = await json(tokens.admin, 'POST', '/s2c/staff/v1/gifts', {
      ...edit,
      countryCode: 'gr',
      stock: 5,
    });
    expect(answer.statusCode).toBe(200);
    const created = answer.json<{ data: StaffGiftDetail }>().data;
    expect(created).toMatchObject({ countryCode: 'gr', stock: 5, points: 120 });
    expect(created.id).toBeGreaterThan(1005);
    expect(await auditOf('gift.create', String(created.id))).toHaveLength(1);
    const foreign = await json(tokens.managerAe, 'POST', '/s2c/staff/v1/gifts', {
      ...edit,
      countryCode: 'gr',
      stock: '',
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('changing the stock', () => {
  it('records the change with its reason and shows it in the gift’s history', async () => {
    const url = '/s2c/staff/v1/gifts/1002/stock';
    const noReason = await staffCall(t.app, tokens.managerGr, 'POST', url, {
      stock: '7',
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const negative = await staffCall(t.app, tokens.managerGr, 'POST', url, {
      stock: '-1',
      reason: 'x',
    });
    expect(negative.statusCode).toBe(400);
    clock += 1000;
    const answer = await staffCall(t.app, tokens.managerGr, 'POST', url, {
      stock: '7',
      reason: 'Delivery of 4 cameras',
    });
    expect(answer.statusCode).toBe(200);
    clock += 1000;
    await staffCall(t.app, tokens.managerGr, 'POST', url, {
      stock: '',
      reason: 'No longer counted',
    });
    const detail = (
      await staffCall(t.app, tokens.supportGr, 'GET', '/s2c/staff/v1/gifts/1002')
    ).json<{
      data: StaffGiftDetail;
    }>().data;
    expect(detail.stock).toBeNull();
    expect(
      detail.stockHistory.map(({ reason, before, after }) => ({ reason, before, after })),
    ).toEqual([
      { reason: 'No longer counted', before: 7, after: null },
      { reason: 'Delivery of 4 cameras', before: 3, after: 7 },
    ]);
    expect(
      (await staffCall(t.app, tokens.supportGr, 'POST', url, { stock: '1', reason: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('gift images', () => {
  // A 1 × 1 PNG (an upload is decoded: a signature alone is not an image).
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('recognises PNG, JPEG and WebP by their first bytes only', () => {
    expect(imageTypeOf(png)).toBe('image/png');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOf(Buffer.from('<svg onload="alert(1)"></svg>'))).toBeUndefined();
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBeUndefined();
  });

  it('stores an upload in the database and serves it with a year’s caching', async () => {
    const answer = await json(tokens.managerGr, 'POST', '/s2c/staff/v1/gifts/images', {
      country: 'gr',
      data: png.toString('base64'),
    });
    expect(answer.statusCode).toBe(200);
    const { url, id } = answer.json<{ data: { url: string; id: number } }>().data;
    expect(url).toBe(`/media/gift-images/${id}`);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    // Encoded anew (gift-images.test.ts): a PNG still.
    expect(imageTypeOf(served.rawPayload)).toBe('image/png');
    expect(await auditOf('gift.image', String(id))).toHaveLength(1);
  });

  it('refuses what is not an image, too big, or not base64', async () => {
    const upload = (data: string) =>
      json(tokens.managerGr, 'POST', '/s2c/staff/v1/gifts/images', { country: 'gr', data });
    const svg = await upload(Buffer.from('<svg></svg>').toString('base64'));
    expect(svg.statusCode).toBe(400);
    expect(svg.json<{ data: { data: string } }>().data.data).toBe('A PNG, JPEG or WebP image');
    const big = await upload(Buffer.concat([png, Buffer.alloc(1_000_001)]).toString('base64'));
    expect(big.statusCode).toBe(400);
    expect((await upload('not base64!')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/gift-images/999999' })).statusCode,
    ).toBe(404);
  });
});

describe('the ordering windows', () => {
  it('are set with ranges and audited; bad ranges are refused', async () => {
    const url = '/s2c/staff/v1/gift-ordering/gr';
    const bad = await json(tokens.managerGr, 'PUT', url, {
      orderDisabled: false,
      ranges: [{ from: '2030-12-24', to: '2030-12-01' }],
      reopensOn: '',
    });
    expect(bad.statusCode).toBe(400);
    const answer = await json(tokens.managerGr, 'PUT', url, {
      orderDisabled: false,
      ranges: [{ from: '2030-12-01', to: '2030-12-24' }],
      reopensOn: '2030-12-01',
      reason: 'Christmas',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: GiftOrdering }>().data).toEqual({
      orderDisabled: false,
      ranges: [{ from: '2030-12-01', to: '2030-12-24' }],
      reopensOn: '2030-12-01',
    });
    const [entry] = await auditOf('gift.ordering', 'gr');
    expect(entry).toMatchObject({ reason: 'Christmas', after: { reopensOn: '2030-12-01' } });
    expect(
      (await json(tokens.managerAe, 'PUT', url, { orderDisabled: true, ranges: [], reopensOn: '' }))
        .statusCode,
    ).toBe(404);
    await db()
      .update(giftOrdering)
      .set({ from1: null, to1: null, reopensOn: null })
      .where(eq(giftOrdering.countryCode, 'gr'));
  });
});

describe('the tax flag of members', () => {
  it('is set by member number, audited, from the console and the command line', async () => {
    const member = await createAgent(db(), { countryCode: 'gr' });
    const url = `/s2c/staff/v1/tax-information/${member.number}`;
    expect(
      (await staffCall(t.app, tokens.supportGr, 'GET', url)).json<{ data: TaxInformation }>().data
        .taxOk,
    ).toBe(false);
    const answer = await json(tokens.managerGr, 'PUT', url, {
      taxOk: 'on',
      reason: 'Form received',
    });
    expect(answer.json<{ data: TaxInformation }>().data.taxOk).toBe(true);
    expect((await json(tokens.managerAe, 'PUT', url, { taxOk: 'off' })).statusCode).toBe(404);
    expect((await json(tokens.supportGr, 'PUT', url, { taxOk: 'off' })).statusCode).toBe(403);

    const job = await giftsTaxCommand.prepare([member.number, 'off'], process.cwd(), {
      out: () => {},
      error: () => {},
    });
    expect(typeof job).toBe('function');
    if (typeof job === 'number') return;
    await runJob(job, {
      db: db(),
      config: t.app.config,
      output: { out: () => {}, error: () => {} },
      now: () => clock,
      actor: commandLineActor('tester'),
    });
    const [row] = await db()
      .select()
      .from(memberTaxInfo)
      .where(eq(memberTaxInfo.agentId, member.id));
    expect(row!.taxOk).toBe(false);
    const entries = await auditOf('member.tax', member.number);
    expect(entries.map((entry) => [entry.actor, entry.after])).toEqual(
      expect.arrayContaining([
        [expect.stringContaining('manager'), { taxOk: true }],
        ['command-line (tester)', { taxOk: false }],
      ]),
    );
  });
});

describe('loading the gift files after staff edits', () => {
  it('keeps the staff’s edit and reports the differences, unless told to take the file', async () => {
    // Gift 1001 was edited above (name and points); the test catalogue says otherwise.
    const dir = mkdtempSync(join(tmpdir(), 'club-gifts-'));
    mkdirSync(join(dir, 'gifts'));
    for (const file of Object.values(testCatalogue)) {
      writeFileSync(join(dir, 'gifts', `${file.countryCode}.json`), JSON.stringify(file));
    }
    const kept = await loadGifts(db(), dir);
    const gift1001 = kept.kept.find((edit) => edit.target === 'gift 1001');
    expect(gift1001?.countryCode).toBe('gr');
    expect(gift1001?.fields).toEqual(expect.arrayContaining(['points', 'name (eng)']));
    const [still] = await db().select().from(gifts).where(eq(gifts.id, 1001));
    expect(still!.points).toBe(120);

    const taken = await loadGifts(db(), dir, { takeFile: true });
    expect(taken.kept).toEqual([]);
    const [back] = await db().select().from(gifts).where(eq(gifts.id, 1001));
    expect(back).toMatchObject({ points: 100, editedAt: null });
  });
});
