import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@club/contract/page';
import { repositoryRoot } from '../../config.js';
import { personTitleKeys } from '../agents/person-titles.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { layoutWords, pickWords, serverWords } from './dictionary-words.js';
import { readContentFolder } from './read-content-folder.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function page(name: string): Promise<Page> {
  const response = await t.app.inject({
    url: `/s2c/content/v1/pages/${name}/?countryCode=gr&languageCode=eng`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Page }>().data;
}

describe('pickWords', () => {
  const dictionary = {
    'menu.home': 'Home',
    menu: 'Menu',
    menuX: 'no',
    'form.email': 'Email',
    'form.password': 'Password',
  };

  it('takes a prefix with its dot, or the key itself', () => {
    expect(pickWords(dictionary, ['menu', 'form.password'])).toEqual({
      'menu.home': 'Home',
      menu: 'Menu',
      'form.password': 'Password',
    });
  });

  it('takes nothing for no scopes', () => {
    expect(pickWords(dictionary, [])).toEqual({});
  });
});

describe('page answers carry the words of their screen', () => {
  it('the faq page carries faq.* and not the shell words', async () => {
    expect((await page('faq')).dictionary).toEqual({ 'faq.title': 'Fixture questions' });
  });

  it('the registration page carries the form words', async () => {
    expect((await page('registration')).dictionary).toMatchObject({
      'form.email': 'Fixture email',
    });
  });

  it('a page without words of its own carries an empty dictionary', async () => {
    expect((await page('403')).dictionary).toEqual({});
  });
});

const demoContent = join(repositoryRoot, 'content');
describe('the demo dictionaries', () => {
  it('deliver every key through the layout or some page', async () => {
    const registry = t.app.pageRegistry;
    const scopes = [
      ...layoutWords,
      ...serverWords,
      // Read by the server into the registration and profile answers.
      ...personTitleKeys,
      ...registry.names().flatMap((name) => registry.get(name)?.words ?? []),
    ];
    for (const item of await readContentFolder(demoContent)) {
      for (const [languageCode, file] of item.languages) {
        const keys = Object.keys(file.dictionary);
        const delivered = Object.keys(pickWords(file.dictionary, scopes));
        const undelivered = keys.filter((key) => !delivered.includes(key));
        expect(undelivered, `${item.country.code}/${languageCode}.json`).toEqual([]);
      }
    }
  });

  it("word the Austrian sign's message in each of the country's languages", async () => {
    const austria = (await readContentFolder(demoContent)).find(
      (item) => item.country.code === 'at',
    );
    const words = [...austria!.languages].map(([code, file]) => [
      code,
      file.dictionary['validation.sign'],
    ]);
    expect(Object.fromEntries(words)).toEqual({
      deu: 'Geben Sie die ersten 4 Ziffern ein',
      eng: 'Enter the first 4 digits',
    });
  });
});
