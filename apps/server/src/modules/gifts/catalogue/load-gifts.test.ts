import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { repositoryRoot } from '../../../config.js';
import { ContentFileError } from '../../content/read-content-folder.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import { giftCategories, giftOrdering, gifts, giftTexts } from '../schema.js';
import { testCatalogue, writeCatalogue } from '../../../testing/gift-catalogue.js';
import { GiftsFileSchema } from './gift-files.js';
import { loadGifts } from './load-gifts.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function load(files: Record<string, unknown>) {
  const dir = writeCatalogue(files);
  try {
    return await loadGifts(database.db, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const snapshot = async () => ({
  gifts: await database.db.select().from(gifts).orderBy(asc(gifts.id)),
  texts: await database.db
    .select()
    .from(giftTexts)
    .orderBy(asc(giftTexts.giftId), asc(giftTexts.languageCode)),
  categories: await database.db
    .select()
    .from(giftCategories)
    .orderBy(
      asc(giftCategories.countryCode),
      asc(giftCategories.id),
      asc(giftCategories.languageCode),
    ),
  ordering: await database.db.select().from(giftOrdering).orderBy(asc(giftOrdering.countryCode)),
});

describe('loadGifts', () => {
  it('loads the catalogue files, and loading them again changes nothing', async () => {
    const summary = await load({
      ...testCatalogue,
      gr: {
        ...testCatalogue.gr,
        ordering: {
          orderDisabled: true,
          ranges: [{ from: '2026-12-01', to: '2026-12-24' }],
          reopensOn: '2026-12-01',
        },
      },
    });
    expect(summary).toEqual({ countries: ['ae', 'gr'], gifts: 6, kept: [] });
    const first = await snapshot();
    expect(first.gifts.map((gift) => [gift.id, gift.countryCode, gift.stock, gift.active])).toEqual(
      [
        [1001, 'gr', null, true],
        [1002, 'gr', 3, true],
        [1003, 'gr', null, true],
        [1004, 'gr', 0, true],
        [1005, 'gr', null, false],
        [2001, 'ae', null, true],
      ],
    );
    expect(first.texts.filter((text) => text.giftId === 1001)).toEqual([
      {
        giftId: 1001,
        languageCode: 'ell',
        description: 'Βαλίτσα',
        text: '<p>Μια βαλίτσα.</p>',
        imageAlt: null,
      },
      {
        giftId: 1001,
        languageCode: 'eng',
        description: 'Suitcase',
        text: '<p>A case.</p>',
        imageAlt: null,
      },
    ]);
    expect(first.ordering.find((row) => row.countryCode === 'gr')).toMatchObject({
      orderDisabled: true,
      from1: '2026-12-01',
      to1: '2026-12-24',
      from2: null,
      reopensOn: '2026-12-01',
    });
    expect(first.ordering.find((row) => row.countryCode === 'ae')).toMatchObject({
      orderDisabled: false,
      from1: null,
      reopensOn: null,
    });
    await load({
      ...testCatalogue,
      gr: {
        ...testCatalogue.gr,
        ordering: {
          orderDisabled: true,
          ranges: [{ from: '2026-12-01', to: '2026-12-24' }],
          reopensOn: '2026-12-01',
        },
      },
    });
    expect(await snapshot()).toEqual(first);
  });

  it('keeps the stock orders took, withdraws gifts left out of the file', async () => {
    await load(testCatalogue);
    await database.db.update(gifts).set({ stock: 1 }).where(eq(gifts.id, 1002));
    const { gifts: grGifts } = testCatalogue.gr;
    await load({
      ...testCatalogue,
      gr: {
        ...testCatalogue.gr,
        gifts: grGifts
          .filter((gift) => gift.id !== 1003)
          .map((gift) =>
            gift.id === 1001
              ? { ...gift, stock: 7, points: 120 }
              : gift.id === 1004
                ? { ...gift, stock: null }
                : gift,
          ),
      },
    });
    const rows = await database.db.select().from(gifts).orderBy(asc(gifts.id));
    const byId = (id: number) => rows.find((row) => row.id === id);
    // Counted stock stays where orders left it.
    expect(byId(1002)?.stock).toBe(1);
    // Counting starts with the file's stock; null stops counting.
    expect(byId(1001)).toMatchObject({ stock: 7, points: 120 });
    expect(byId(1004)?.stock).toBeNull();
    expect(byId(1003)?.active).toBe(false);
    await load(testCatalogue);
    expect((await database.db.select().from(gifts).where(eq(gifts.id, 1003)))[0]?.active).toBe(
      true,
    );
  });

  it('refuses bad files before writing anything', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ gr: { ...testCatalogue.gr, countryCode: 'ae' } }, /does not match the file name/],
      [
        {
          gr: testCatalogue.gr,
          ae: { ...testCatalogue.ae, gifts: [{ ...testCatalogue.ae.gifts[0], id: 1001 }] },
        },
        /gift 1001 is also in/,
      ],
      [
        {
          gr: { ...testCatalogue.gr, gifts: [{ ...testCatalogue.gr.gifts[0], category: 'nope' }] },
        },
        /unknown category nope/,
      ],
      [
        {
          gr: {
            ...testCatalogue.gr,
            ordering: {
              ranges: Array.from({ length: 5 }, () => ({ from: '2026-01-01', to: '2026-01-02' })),
            },
          },
        },
        /at most four/,
      ],
      [
        {
          gr: {
            ...testCatalogue.gr,
            ordering: { ranges: [{ from: '0000-01-01', to: '2026-01-02' }] },
          },
        },
        /must be a day as YYYY-MM-DD from 1900-01-01 to 2199-12-31/,
      ],
      [
        {
          gr: {
            ...testCatalogue.gr,
            ordering: { ranges: [{ from: '2026-01-01', to: '2026-02-30' }] },
          },
        },
        /must be a day as YYYY-MM-DD/,
      ],
      [
        { gr: { ...testCatalogue.gr, gifts: [{ ...testCatalogue.gr.gifts[0], points: 0 }] } },
        /points/,
      ],
    ];
    for (const [files, message] of cases) {
      await expect(load(files)).rejects.toThrow(ContentFileError);
      await expect(load(files)).rejects.toThrow(message);
    }
    expect(await snapshot()).toEqual(before);
  });
});

const demoContent = join(repositoryRoot, 'content');

describe('the demo catalogue', () => {
  const countries = ['gr', 'at', 'ae', 'cy'];
  const files = countries.map((code) =>
    GiftsFileSchema.parse(
      JSON.parse(readFileSync(join(demoContent, 'gifts', `${code}.json`), 'utf8')),
    ),
  );

  it('has words in every language of its country and images the project owns', () => {
    for (const file of files) {
      const country = JSON.parse(
        readFileSync(join(demoContent, 'countries', file.countryCode, 'country.json'), 'utf8'),
      ) as { languages: { code: string }[] };
      const languages = country.languages.map((language) => language.code).sort();
      for (const category of file.categories) {
        expect(Object.keys(category.name).sort(), `${file.countryCode} ${category.id}`).toEqual(
          languages,
        );
      }
      for (const gift of file.gifts) {
        expect(Object.keys(gift.description).sort(), `${gift.id}`).toEqual(languages);
        expect(Object.keys(gift.text).sort(), `${gift.id}`).toEqual(languages);
        expect(existsSync(join(demoContent, gift.image.replace(/^\//, ''))), gift.image).toBe(true);
      }
    }
  });

  it('offers enough to browse: 12 gifts in 3 categories in gr and at, a small stock, uncounted gifts', async () => {
    for (const file of files.filter((candidate) => ['gr', 'at'].includes(candidate.countryCode))) {
      expect(file.gifts.length).toBeGreaterThanOrEqual(12);
      expect(file.categories.length).toBeGreaterThanOrEqual(3);
      expect(file.gifts.some((gift) => gift.stock !== null && gift.stock <= 3)).toBe(true);
      expect(file.gifts.some((gift) => gift.stock === null)).toBe(true);
    }
    const summary = await loadGifts(database.db, demoContent);
    expect(summary.countries.sort()).toEqual([...countries].sort());
  });

  it('lets the demo members order: their tax information is verified', () => {
    const demo = JSON.parse(readFileSync(join(demoContent, 'demo', 'members.json'), 'utf8')) as {
      members: { taxOK?: boolean }[];
    };
    expect(demo.members.every((entry) => entry.taxOK === true)).toBe(true);
  });
});
