import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { repositoryRoot } from '../../config.js';
import type { Database } from '../../db/client.js';
import { fixtureContentDir } from '../../testing/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { loadContent } from './load-content.js';
import { ContentFileError, readContentFolder } from './read-content-folder.js';
import * as tables from './schema.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables) as [string, PgTable][]) {
    const [row] = await db.select({ n: count() }).from(table);
    result[name] = row?.n ?? 0;
  }
  return result;
}

async function version(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: tables.contentVersion.version })
    .from(tables.contentVersion);
  return row?.version ?? 0;
}

function copyFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'club-content-'));
  cpSync(fixtureContentDir, dir, { recursive: true });
  return dir;
}

describe('loading content', () => {
  it('loads every country and language, and loading twice changes nothing but the version', async () => {
    const summary = await loadContent(database.db, fixtureContentDir);
    expect(summary).toEqual({ countries: ['ae', 'gr'], version: 1 });
    const counts = await rowCounts(database.db);
    expect(counts).toMatchObject({
      countries: 2,
      countryLanguages: 4,
      pages: 19,
      faqItems: 3,
      menuItems: 5,
      headerAlerts: 2,
      headerImages: 1,
      texts: fixtureTextCount(),
      contentVersion: 1,
    });

    const again = await loadContent(database.db, fixtureContentDir);
    expect(again.version).toBe(2);
    expect(await rowCounts(database.db)).toEqual(counts);
  });

  it('runs loads started together one after another', async () => {
    const counts = await rowCounts(database.db);
    const before = await version(database.db);
    const summaries = await Promise.all(
      [1, 2, 3].map(() => loadContent(database.db, fixtureContentDir)),
    );
    expect(summaries.map((summary) => summary.version).sort()).toEqual([
      before + 1,
      before + 2,
      before + 3,
    ]);
    expect(await rowCounts(database.db)).toEqual(counts);
  });

  it('stops at a bad file with a message naming the file and the field, writing nothing', async () => {
    const before = await version(database.db);
    const dir = copyFixture();
    try {
      const path = join(dir, 'countries', 'gr', 'eng.json');
      const file = JSON.parse(readFileSync(path, 'utf8')) as { pages: { faq: { title: unknown } } };
      file.pages.faq.title = 42;
      writeFileSync(path, JSON.stringify(file));
      const load = loadContent(database.db, dir);
      await expect(load).rejects.toThrow(ContentFileError);
      await expect(loadContent(database.db, dir)).rejects.toThrow(
        /countries\/gr\/eng\.json: pages\.faq\.title: /,
      );
      expect(await version(database.db)).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [
      'not JSON',
      'countries/ae/eng.json',
      () => '{ "pages": ',
      /countries\/ae\/eng\.json: not valid JSON/,
    ],
    [
      'an unknown field',
      'countries/ae/eng.json',
      () => '{ "pagez": {} }',
      /countries\/ae\/eng\.json: \(file\): Unrecognized key/,
    ],
    [
      'a code that is not the folder',
      'countries/ae/country.json',
      (text: string) => text.replace('"code": "ae"', '"code": "ar"'),
      /countries\/ae\/country\.json: code: /,
    ],
    [
      'a default language the country lacks',
      'countries/ae/country.json',
      (text: string) => text.replace('"defaultLanguage": "ara"', '"defaultLanguage": "fra"'),
      /countries\/ae\/country\.json: defaultLanguage: /,
    ],
    [
      'a privacy-policy address that is neither http(s) nor a path',
      'countries/gr/country.json',
      (text: string) =>
        text.replace('"https://privacy.fixture.example/club"', '"javascript:alert(1)"'),
      /countries\/gr\/country\.json: privacyPolicyUrl: /,
    ],
    [
      'a member banner size that is not full, small or none',
      'countries/gr/country.json',
      (text: string) => text.replace('"memberBanner": "small"', '"memberBanner": "tiny"'),
      /countries\/gr\/country\.json: memberBanner: /,
    ],
    [
      'a phone example that the phone rule refuses',
      'countries/gr/country.json',
      (text: string) => text.replace('"+30 2101234567"', '"+30 21"'),
      /countries\/gr\/country\.json: phoneExample: /,
    ],
    [
      'a dialling code without its plus',
      'countries/gr/country.json',
      (text: string) => text.replace('"phoneCode": "+30"', '"phoneCode": "30"'),
      /countries\/gr\/country\.json: phoneCode: /,
    ],
    [
      'a menu item for an audience that does not exist',
      'countries/gr/eng.json',
      (text: string) => text.replace('"audience": "guest"', '"audience": "staff"'),
      /countries\/gr\/eng\.json: menuItems\.0\.audience: /,
    ],
  ])('rejects %s', async (_label, file, change, message) => {
    const dir = copyFixture();
    try {
      const path = join(dir, file);
      writeFileSync(path, change(readFileSync(path, 'utf8')));
      await expect(readContentFolder(dir)).rejects.toThrow(message);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a missing language file', async () => {
    const dir = copyFixture();
    try {
      rmSync(join(dir, 'countries', 'gr', 'ell.json'));
      await expect(readContentFolder(dir)).rejects.toThrow(
        /countries\/gr\/ell\.json: file is missing/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const demoContent = join(repositoryRoot, 'content');
  /** Pages whose screens show the stored title: without one the server answers an English default. */
  const titledPageNames = [
    'registration',
    'registration-success',
    'registration-email-confirm',
    'reconfirm',
    'retrieve-password',
    'forgot-password',
    'profile-update',
    'profile-delete',
    'delete-confirm',
    'restore',
    'restore-confirm',
    'agency-opt-in',
    'agency-opt-out',
    'gifts',
    'redeem-points',
  ];
  it('validates and loads the demo content of the repository', async () => {
    const content = await readContentFolder(demoContent);
    for (const item of content) expect(item.languages.size).toBe(item.country.languages.length);
    // The membership, agency and gift pages are titled in every language:
    // without a stored page the server answers its English default title.
    for (const item of content) {
      for (const [languageCode, file] of item.languages) {
        for (const pageName of titledPageNames) {
          const title = file.pages[pageName]?.title.trim() ?? '';
          expect(title, `${item.country.code}/${languageCode}.json: ${pageName}`).not.toBe('');
        }
      }
    }
    const summary = await loadContent(database.db, demoContent);
    // The default country of a bare host must exist.
    expect(summary.countries).toContain('gr');
  });
});

/** Texts of every fixture language file: the mail templates grow with the club, so they are counted, not fixed. */
function fixtureTextCount(): number {
  let total = 0;
  for (const [country, languages] of [
    ['gr', ['eng', 'ell']],
    ['ae', ['ara', 'eng']],
  ] as const) {
    for (const language of languages) {
      const file = join(fixtureContentDir, 'countries', country, `${language}.json`);
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { texts?: Record<string, string> };
      total += Object.keys(parsed.texts ?? {}).length;
    }
  }
  return total;
}
