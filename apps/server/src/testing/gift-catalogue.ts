import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../db/client.js';
import { loadGifts } from '../modules/gifts/catalogue/load-gifts.js';

/**
 * A small catalogue for the tests of this folder, written to a temporary
 * content folder and loaded: gr (eng default, ell) and ae (ara default, eng),
 * the countries of the test fixtures.
 */
export const testCatalogue = {
  gr: {
    countryCode: 'gr',
    categories: [
      { id: 'travel', name: { eng: 'Travel', ell: 'Ταξίδια' } },
      { id: 'home', name: { eng: 'Home', ell: 'Σπίτι' } },
      { id: 'empty', name: { eng: 'Nothing yet' } },
    ],
    gifts: [
      {
        id: 1001,
        category: 'travel',
        points: 100,
        stock: null,
        image: '/media/gifts/suitcase.svg',
        description: { eng: 'Suitcase', ell: 'Βαλίτσα' },
        text: { eng: '<p>A case.</p>', ell: '<p>Μια βαλίτσα.</p>' },
      },
      {
        id: 1002,
        category: 'travel',
        points: 40,
        stock: 3,
        description: { eng: 'Camera', ell: 'Κάμερα' },
      },
      {
        id: 1003,
        category: 'home',
        points: 10,
        stock: null,
        link: 'https://shop.example/mug',
        description: { eng: 'Mug' },
      },
      { id: 1004, category: 'home', points: 5, stock: 0, description: { eng: 'Sold out pen' } },
      {
        id: 1005,
        category: 'home',
        points: 5,
        stock: null,
        active: false,
        description: { eng: 'Withdrawn pad' },
      },
    ],
  },
  ae: {
    countryCode: 'ae',
    categories: [{ id: 'travel', name: { ara: 'السفر', eng: 'Travel' } }],
    gifts: [
      {
        id: 2001,
        category: 'travel',
        points: 70,
        stock: null,
        description: { ara: 'حقيبة', eng: 'Bag' },
      },
    ],
  },
} as const;

export type CatalogueFiles = Record<string, unknown>;

/** Writes `gifts/{country}.json` files into a fresh folder and loads them. */
export async function loadTestCatalogue(
  db: Database,
  files: CatalogueFiles = testCatalogue,
): Promise<void> {
  const dir = writeCatalogue(files);
  try {
    await loadGifts(db, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function writeCatalogue(files: CatalogueFiles): string {
  const dir = mkdtempSync(join(tmpdir(), 'gifts-'));
  mkdirSync(join(dir, 'gifts'));
  for (const [country, file] of Object.entries(files)) {
    writeFileSync(join(dir, 'gifts', `${country}.json`), JSON.stringify(file));
  }
  return dir;
}
