import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { countedStatements } from '../../testing/counted-statements.js';
import { mailTemplateWords } from './mail-templates.js';

/**
 * How many statements the mail module's reads send: a template's words are
 * read by every change that queues a mail (decision 033). What they say is
 * tested in outbox.test.ts; here only that they stay one statement.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the statements of the mail module', () => {
  it('read a template’s words, its fallback language and script in one statement', async () => {
    const counted = countedStatements(t.database);
    const words = await mailTemplateWords(counted.db, {
      template: 'confirm-email',
      countryCode: 'ae',
      languageCode: 'fra',
    });
    expect(counted.count()).toBe(1);
    expect(words.fill({ link: 'http://ae.localhost:3000/x', number: '1' }).subject).toBe(
      'يرجى تأكيد عنوان بريدك الإلكتروني',
    );
  });
});
