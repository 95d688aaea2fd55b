import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTestCatalogue } from '../../../testing/gift-catalogue.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { serverUrl } from '../../../testing/test-database.js';
import { giftCategories, gifts } from '../schema.js';
import { createCategory, deleteCategory } from './gift-categories.js';
import { updateGift } from './gift-editing.js';

/**
 * Categories changed at the same moment as gifts, on PostgreSQL (the
 * embedded database is one connection): a gift never ends in a deleted
 * category, and one id is created once.
 */

const actor = { staffId: null, label: 'tester' };
const change = () => ({ actor, now: new Date() });
const names = { eng: 'Race', ell: 'Αγώνας' };

describe.runIf(serverUrl !== undefined)('gift categories under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await loadTestCatalogue(t.database.db);
  });
  afterAll(() => t.close());

  const moveMug = (category: string) =>
    updateGift(
      t.database.db,
      1003,
      {
        category,
        points: 10,
        active: true,
        image: '',
        link: '',
        texts: { eng: { description: 'Mug', text: '', imageAlt: '' } },
      },
      change(),
    );
  const rowsOf = (id: string) =>
    t.database.db
      .select()
      .from(giftCategories)
      .where(and(eq(giftCategories.countryCode, 'gr'), eq(giftCategories.id, id)));

  it('a gift moving into a category while it is deleted: one of the two wins, never both', async () => {
    for (let round = 0; round < 12; round++) {
      const id = `race-${round}`;
      expect(await createCategory(t.database.db, 'gr', { id, names }, change())).toBe('created');
      const [moved, deleted] = await Promise.all([
        moveMug(id),
        deleteCategory(t.database.db, 'gr', id, change()),
      ]);
      const [mug] = await t.database.db.select().from(gifts).where(eq(gifts.id, 1003));
      const left = await rowsOf(id);
      if (deleted === 'deleted') {
        expect(mug!.category).not.toBe(id);
        expect(left).toEqual([]);
        expect(moved).toMatchObject({ field: 'category' });
      } else {
        expect(deleted).toMatchObject({ status: 409 });
        expect(moved).toBe('updated');
        expect(mug!.category).toBe(id);
        expect(left).toHaveLength(2);
      }
      expect(await moveMug('home')).toBe('updated');
    }
  });

  it('two creations of one id at once: one is created, the other is refused', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        createCategory(t.database.db, 'gr', { id: 'twice', names }, change()),
      ),
    );
    expect(results.filter((result) => result === 'created')).toHaveLength(1);
    const refused = results.filter((result) => result !== 'created');
    expect(refused.map((result) => [result.status, result.field])).toEqual([
      [400, 'id'],
      [400, 'id'],
      [400, 'id'],
    ]);
    expect(await rowsOf('twice')).toHaveLength(2);
  });
});
