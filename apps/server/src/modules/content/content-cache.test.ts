import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layout } from '@club/contract/layout';
import type { Database } from '../../db/client.js';
import { createTestApp, fixtureContentDir, type TestApp } from '../../testing/test-app.js';
import { ContentCache } from './content-cache.js';
import { writeContent } from './load-content.js';
import { readContentFolder } from './read-content-folder.js';

let clock = 0;
const now = () => clock;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ now, contentRevalidateMs: 1000 });
  // A second server process on the same database.
  second = await createTestApp({ now, contentRevalidateMs: 1000, database: first.database });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

async function menuTitles(app: TestApp): Promise<string[]> {
  const response = await app.app.inject({ url: '/s2c/content/v1/layout/' });
  return response.json<{ data: Layout }>().data.menuItems.map((item) => item.title);
}

async function faqTitle(app: TestApp): Promise<string> {
  const response = await app.app.inject({ url: '/s2c/content/v1/pages/faq/' });
  return response.json<{ data: { title: string } }>().data.title;
}

describe('the content cache', () => {
  it('serves a content load to every process once the revalidation interval has passed', async () => {
    expect(await menuTitles(first)).toEqual(['Registration', 'Questions', 'Update Details']);
    expect(await menuTitles(second)).toEqual(['Registration', 'Questions', 'Update Details']);
    expect(await faqTitle(first)).toBe('Fixture FAQ');

    const content = await readContentFolder(fixtureContentDir);
    const greek = content.find((item) => item.country.code === 'gr');
    const english = greek?.languages.get('eng');
    if (english === undefined) throw new Error('fixture without gr/eng');
    english.menuItems = [{ pageName: 'faq', title: 'Reloaded', audience: 'both' }];
    english.pages.faq = { title: 'Reloaded FAQ', text: '', postText: '', faqItems: [] };
    await writeContent(first.database.db, content);

    // Within the interval both keep their cached answers...
    clock += 500;
    expect(await menuTitles(first)).toEqual(['Registration', 'Questions', 'Update Details']);
    expect(await menuTitles(second)).toEqual(['Registration', 'Questions', 'Update Details']);
    // ...and after it both see the new content.
    clock += 501;
    expect(await menuTitles(first)).toEqual(['Reloaded']);
    expect(await menuTitles(second)).toEqual(['Reloaded']);
    expect(await faqTitle(first)).toBe('Reloaded FAQ');
  });

  it('checks the version with one query shared by concurrent requests', async () => {
    let selects = 0;
    const counted: Database = new Proxy(first.database.db, {
      get(target, property, receiver) {
        if (property === 'select') selects++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    let time = 0;
    const cache = new ContentCache(counted, { revalidateMs: 1000, now: () => time });
    await Promise.all(Array.from({ length: 20 }, () => cache.current()));
    expect(selects).toBe(1);
    await cache.current();
    expect(selects).toBe(1);
    time = 1000;
    await Promise.all(Array.from({ length: 20 }, () => cache.current()));
    expect(selects).toBe(2);
  });

  it('builds a cached value once for concurrent callers and keeps it for the version', async () => {
    const cache = new ContentCache(first.database.db, { revalidateMs: 60_000 });
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 'value';
    };
    const values = await Promise.all(Array.from({ length: 10 }, () => cache.memo('key', build)));
    expect(values).toEqual(Array(10).fill('value'));
    expect(await cache.memo('key', build)).toBe('value');
    expect(builds).toBe(1);
  });

  it('does not keep a failed build', async () => {
    const cache = new ContentCache(first.database.db, { revalidateMs: 60_000 });
    await expect(cache.memo('key', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await cache.memo('key', () => Promise.resolve('second try'))).toBe('second try');
  });
});
