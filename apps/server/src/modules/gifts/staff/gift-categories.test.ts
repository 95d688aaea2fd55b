import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GiftsPage } from '@club/contract/gifts';
import type { StaffGiftCategoryList } from '@club/contract/staff-gift-categories';
import { getPage, logIn } from '../../../testing/account-helpers.js';
import { createAgent } from '../../../testing/factories.js';
import { loadTestCatalogue, testCatalogue } from '../../../testing/gift-catalogue.js';
import { createStaff, staffCall, staffLogin } from '../../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { auditEntries } from '../../audit/schema.js';
import { exportContent } from '../../content-editing/content-export.js';
import { GiftsFileSchema } from '../catalogue/gift-files.js';
import { loadGifts } from '../catalogue/load-gifts.js';
import { giftCategories, gifts } from '../schema.js';

/**
 * Gift categories staff create, rename and delete (gift-categories-routes.ts),
 * as the member site shows them, and as the gift files' load and export
 * treat them; and the alt text of gift images.
 */

let t: TestApp;
let clock = Date.parse('2030-05-01T09:00:00Z');
const tokens = { admin: '', managerGr: '', managerAe: '', supportGr: '' };
let memberToken = '';
const root = mkdtempSync(join(tmpdir(), 'club-gift-categories-'));

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
  const member = await createAgent(db, { countryCode: 'gr' });
  memberToken = await logIn(t.app, member.number, member.password);
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const db = () => t.database.db;
const url = '/s2c/staff/v1/gift-categories/gr';
const listOf = (answer: { json: <T>() => T }) =>
  answer.json<{ data: StaffGiftCategoryList }>().data;
const json = (token: string, method: 'POST' | 'PUT', path: string, payload: unknown) =>
  t.app.inject({
    method,
    url: path,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const auditOf = (action: string, target: string) =>
  db()
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.action, action), eq(auditEntries.target, target)));
const categoryRows = (id: string) =>
  db()
    .select()
    .from(giftCategories)
    .where(and(eq(giftCategories.countryCode, 'gr'), eq(giftCategories.id, id)));
const memberGifts = (languageCode: string, category = '') =>
  getPage<GiftsPage>(
    t.app,
    'gifts',
    { countryCode: 'gr', languageCode, ...(category === '' ? {} : { category }) },
    memberToken,
  );
const moveGift = (id: number, category: string) =>
  json(tokens.managerGr, 'PUT', `/s2c/staff/v1/gifts/${id}`, {
    category,
    points: 40,
    active: true,
    image: '',
    link: '',
    texts: { eng: { description: 'Camera', text: '' }, ell: { description: 'Κάμερα', text: '' } },
  });

describe('the categories of a country', () => {
  it('lists names per language, the languages’ own names and the gift counts; support reads', async () => {
    const answer = await staffCall(t.app, tokens.supportGr, 'GET', url);
    expect(answer.statusCode).toBe(200);
    const list = listOf(answer);
    expect(list.languages.map((language) => language.code)).toEqual(['eng', 'ell']);
    expect(list.languages.every((language) => language.name !== '')).toBe(true);
    expect(list.categories).toEqual([
      { id: 'travel', names: { eng: 'Travel', ell: 'Ταξίδια' }, gifts: 2, editedAt: null },
      { id: 'home', names: { eng: 'Home', ell: 'Σπίτι' }, gifts: 3, editedAt: null },
      { id: 'empty', names: { eng: 'Nothing yet' }, gifts: 0, editedAt: null },
    ]);
  });

  it('answers 404 for another country’s manager and for a country the club does not have', async () => {
    expect((await staffCall(t.app, tokens.managerAe, 'GET', url)).statusCode).toBe(404);
    const unknown = await staffCall(t.app, tokens.admin, 'GET', '/s2c/staff/v1/gift-categories/zz');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('creating a category', () => {
  it('refuses a bad id, a missing or foreign name, per field, and changes nothing', async () => {
    const badId = await staffCall(t.app, tokens.managerGr, 'POST', url, {
      id: 'Big Bags!',
      'names[eng]': 'Bags',
      'names[ell]': 'Τσάντες',
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ data: Record<string, string> }>().data.id).toContain('lower-case');
    const missing = await staffCall(t.app, tokens.managerGr, 'POST', url, {
      id: 'bags',
      'names[eng]': 'Bags',
      'names[ell]': '  ',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ data: Record<string, string> }>().data).toHaveProperty('names.ell');
    const left = await json(tokens.managerGr, 'POST', url, { id: 'bags', names: { eng: 'Bags' } });
    expect(left.json<{ data: Record<string, string> }>().data['names.ell']).toBe('Enter the name');
    const foreign = await json(tokens.managerGr, 'POST', url, {
      id: 'bags',
      names: { eng: 'Bags', ell: 'Τσάντες', ara: 'حقائب' },
    });
    expect(foreign.json<{ data: Record<string, string> }>().data['names.ara']).toBeTruthy();
    expect(await categoryRows('bags')).toEqual([]);
  });

  it('refuses an id the country already has', async () => {
    const taken = await json(tokens.managerGr, 'POST', url, {
      id: 'travel',
      names: { eng: 'Trips', ell: 'Ταξίδια' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ data: Record<string, string> }>().data.id).toContain('has a category');
    expect((await categoryRows('travel')).map((row) => row.name).sort()).toEqual([
      'Travel',
      'Ταξίδια',
    ]);
  });

  it('refuses support (403) and another country’s manager (404)', async () => {
    const body = { id: 'bags', 'names[eng]': 'Bags', 'names[ell]': 'Τσάντες' };
    expect((await staffCall(t.app, tokens.supportGr, 'POST', url, body)).statusCode).toBe(403);
    expect((await staffCall(t.app, tokens.managerAe, 'POST', url, body)).statusCode).toBe(404);
    expect(await categoryRows('bags')).toEqual([]);
  });

  it('creates it at the end, audited, and members see it in every language and filter by it', async () => {
    clock += 1000;
    const answer = await staffCall(t.app, tokens.managerGr, 'POST', url, {
      id: 'bags',
      'names[eng]': ' Bags ',
      'names[ell]': 'Τσάντες',
    });
    expect(answer.statusCode).toBe(200);
    expect(listOf(answer).categories.at(-1)).toEqual({
      id: 'bags',
      names: { eng: 'Bags', ell: 'Τσάντες' },
      gifts: 0,
      editedAt: new Date(clock).toISOString(),
    });
    const [entry] = await auditOf('gift-category.create', 'gr/bags');
    expect(entry!.actor).toContain('manager');
    expect(entry).toMatchObject({
      countryCode: 'gr',
      targetType: 'gift-category',
      after: { id: 'bags', names: { eng: 'Bags', ell: 'Τσάντες' } },
    });
    expect((await moveGift(1002, 'bags')).statusCode).toBe(200);
    const english = await memberGifts('eng', 'bags');
    expect(english.data.categories).toContainEqual({ id: 'bags', name: 'Bags' });
    expect(english.data.category).toBe('bags');
    expect(english.data.Gifts.map((gift) => gift.id)).toEqual([1002]);
    const greek = await memberGifts('ell');
    expect(greek.data.categories).toContainEqual({ id: 'bags', name: 'Τσάντες' });
  });
});

describe('renaming a category', () => {
  it('changes every language’s name, audited with before and after; the member page shows it at once', async () => {
    clock += 1000;
    const answer = await staffCall(t.app, tokens.managerGr, 'PUT', `${url}/travel`, {
      'names[eng]': 'Journeys',
      'names[ell]': 'Ταξίδια και διακοπές',
    });
    expect(answer.statusCode).toBe(200);
    expect(listOf(answer).categories[0]).toMatchObject({
      id: 'travel',
      names: { eng: 'Journeys', ell: 'Ταξίδια και διακοπές' },
    });
    const [entry] = await auditOf('gift-category.rename', 'gr/travel');
    expect(entry).toMatchObject({
      before: { names: { eng: 'Travel', ell: 'Ταξίδια' } },
      after: { names: { eng: 'Journeys', ell: 'Ταξίδια και διακοπές' } },
    });
    expect((await memberGifts('eng')).data.categories[0]).toEqual({
      id: 'travel',
      name: 'Journeys',
    });
  });

  it('refuses a missing name, support, another country, and an unknown category', async () => {
    const missing = await json(tokens.managerGr, 'PUT', `${url}/home`, { names: { eng: 'Home' } });
    expect(missing.statusCode).toBe(400);
    const body = { 'names[eng]': 'X', 'names[ell]': 'Χ' };
    expect((await staffCall(t.app, tokens.supportGr, 'PUT', `${url}/home`, body)).statusCode).toBe(
      403,
    );
    expect((await staffCall(t.app, tokens.managerAe, 'PUT', `${url}/home`, body)).statusCode).toBe(
      404,
    );
    expect((await staffCall(t.app, tokens.admin, 'PUT', `${url}/nothing`, body)).statusCode).toBe(
      404,
    );
    expect((await categoryRows('home')).map((row) => row.name).sort()).toEqual(['Home', 'Σπίτι']);
  });
});

describe('deleting a category', () => {
  it('is refused with 409 while a gift is in it', async () => {
    const answer = await staffCall(t.app, tokens.managerGr, 'DELETE', `${url}/bags`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json<{ data: Record<string, string> }>().data.id).toContain('1 gift is');
    expect(await categoryRows('bags')).toHaveLength(2);
    const home = await staffCall(t.app, tokens.managerGr, 'DELETE', `${url}/home`);
    expect(home.statusCode).toBe(409);
  });

  it('refuses support and another country', async () => {
    expect((await staffCall(t.app, tokens.supportGr, 'DELETE', `${url}/empty`)).statusCode).toBe(
      403,
    );
    expect((await staffCall(t.app, tokens.managerAe, 'DELETE', `${url}/empty`)).statusCode).toBe(
      404,
    );
    expect(await categoryRows('empty')).toHaveLength(1);
  });

  it('deletes one no gift uses, audited with its names; members no longer see it', async () => {
    const answer = await staffCall(t.app, tokens.admin, 'DELETE', `${url}/empty`);
    expect(answer.statusCode).toBe(200);
    expect(listOf(answer).categories.map((category) => category.id)).not.toContain('empty');
    const [entry] = await auditOf('gift-category.delete', 'gr/empty');
    expect(entry).toMatchObject({ before: { id: 'empty', names: { eng: 'Nothing yet' } } });
    expect((await memberGifts('eng')).data.categories.map((c) => c.id)).not.toContain('empty');
    expect((await staffCall(t.app, tokens.admin, 'DELETE', `${url}/empty`)).statusCode).toBe(404);
  });
});

describe('the gift files beside staff categories', () => {
  it('a load keeps a created and a renamed category and reports them; --take-file takes the file', async () => {
    const dir = join(root, 'files');
    mkdirSync(join(dir, 'gifts'), { recursive: true });
    for (const file of Object.values(testCatalogue)) {
      writeFileSync(join(dir, 'gifts', `${file.countryCode}.json`), JSON.stringify(file));
    }
    const summary = await loadGifts(db(), dir);
    expect(summary.kept).toEqual(
      expect.arrayContaining([
        { countryCode: 'gr', target: 'category bags', fields: ['not in the file'] },
        { countryCode: 'gr', target: 'category travel', fields: ['name (eng)', 'name (ell)'] },
      ]),
    );
    expect((await categoryRows('bags')).map((row) => row.name).sort()).toEqual(['Bags', 'Τσάντες']);
    expect((await categoryRows('travel')).find((row) => row.languageCode === 'eng')?.name).toBe(
      'Journeys',
    );
    // The deleted category is the file's: the load brings it back, as it brings back any file part.
    expect(await categoryRows('empty')).toHaveLength(1);

    const taken = await loadGifts(db(), dir, { takeFile: true });
    expect(taken.kept).toEqual([]);
    expect((await categoryRows('travel')).find((row) => row.languageCode === 'eng')).toMatchObject({
      name: 'Travel',
      editedAt: null,
    });
    expect(await categoryRows('bags')).toEqual([]);
  });

  it('the export writes staff categories and image alt texts in the files’ format; loading it changes nothing', async () => {
    clock += 1000;
    const created = await json(tokens.managerGr, 'POST', url, {
      id: 'bags-2',
      names: { eng: 'More bags', ell: 'Κι άλλες τσάντες' },
    });
    expect(created.statusCode).toBe(200);
    const withAlt = await json(tokens.managerGr, 'PUT', '/s2c/staff/v1/gifts/1002', {
      category: 'bags-2',
      points: 40,
      active: true,
      image: '/media/gifts/camera.svg',
      link: '',
      texts: {
        eng: { description: 'Camera', text: '', imageAlt: 'A black camera with its strap' },
        ell: { description: 'Κάμερα', text: '', imageAlt: '' },
      },
    });
    expect(withAlt.statusCode).toBe(200);
    const out = join(root, 'export');
    const summary = await exportContent(db(), out, ['gr']);
    expect(summary.files).toContain(join('gifts', 'gr.json'));
    const exported = GiftsFileSchema.parse(
      JSON.parse(readFileSync(join(out, 'gifts', 'gr.json'), 'utf8')),
    );
    expect(exported.categories).toContainEqual({
      id: 'bags-2',
      name: { eng: 'More bags', ell: 'Κι άλλες τσάντες' },
    });
    expect(exported.gifts.find((gift) => gift.id === 1002)).toMatchObject({
      category: 'bags-2',
      imageAlt: { eng: 'A black camera with its strap', ell: '' },
    });
    expect(exported.gifts.find((gift) => gift.id === 1005)).toMatchObject({ active: false });

    const before = await staffCall(t.app, tokens.admin, 'GET', url);
    const again = await loadGifts(db(), out, { takeFile: true });
    expect(again.countries).toEqual(['gr']);
    const after = await staffCall(t.app, tokens.admin, 'GET', url);
    const namesOnly = (list: StaffGiftCategoryList) =>
      list.categories.map(({ id, names, gifts: count }) => ({ id, names, count }));
    expect(namesOnly(listOf(after))).toEqual(namesOnly(listOf(before)));
    const page = await memberGifts('eng', 'bags-2');
    expect(page.data.Gifts).toEqual([
      expect.objectContaining({ id: 1002, imgAlt: 'A black camera with its strap' }),
    ]);
  });
});

describe('the alt text of a gift image', () => {
  it('reaches the member page in the page’s language; an image without one stays decorative', async () => {
    const greek = await memberGifts('ell', 'bags-2');
    expect(greek.data.Gifts[0]).toMatchObject({ id: 1002, imgAlt: '' });
    const english = await memberGifts('eng');
    const suitcase = english.data.Gifts.find((gift) => gift.id === 1001)!;
    expect(suitcase.img).not.toBe('');
    expect(suitcase).not.toHaveProperty('imgAlt');
    const [row] = await db().select().from(gifts).where(eq(gifts.id, 1002));
    expect(row!.image).toBe('/media/gifts/camera.svg');
  });

  it('refuses an alt text over 300 characters', async () => {
    const long = await json(tokens.managerGr, 'PUT', '/s2c/staff/v1/gifts/1002', {
      category: 'bags-2',
      points: 40,
      image: '/media/gifts/camera.svg',
      texts: { eng: { description: 'Camera', imageAlt: 'x'.repeat(301) } },
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json<{ data: object }>().data)).toContain('texts.eng.imageAlt');
  });
});
