import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPage, logIn, submitPage } from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { dictionaryEntries } from '../content/schema.js';

/**
 * The titles of the membership pages (spec 1 §2): the fixture stores these
 * pages for gr/ell only, so Greek answers the stored titles and English the
 * server's default titles.
 */
const titles: Record<string, { ell: string; eng: string; memberOnly?: boolean }> = {
  registration: { ell: 'Εγγραφή', eng: 'Registration' },
  'registration-success': { ell: 'Ευχαριστούμε για την εγγραφή σας', eng: 'Registration' },
  'registration-email-confirm': { ell: 'Επιβεβαίωση email', eng: 'Email confirmation' },
  reconfirm: { ell: 'Ενεργοποίηση λογαριασμού', eng: 'Activate account' },
  'retrieve-password': { ell: 'Ξεχάσατε τον κωδικό σας;', eng: 'Retrieve password' },
  'forgot-password': { ell: 'Ορισμός νέου κωδικού', eng: 'Set a new password' },
  'profile-update': { ell: 'Ενημέρωση στοιχείων', eng: 'Update Details', memberOnly: true },
  'profile-delete': { ell: 'Διαγραφή λογαριασμού', eng: 'Delete your account', memberOnly: true },
  'delete-confirm': { ell: 'Διαγραφή λογαριασμού', eng: 'Delete your account', memberOnly: true },
  restore: { ell: 'Επαναφορά λογαριασμού', eng: 'Restore account' },
  'restore-confirm': { ell: 'Επαναφορά λογαριασμού', eng: 'Restore account' },
};

let t: TestApp;
let memberToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const agent = await createAgent(t.database.db);
  memberToken = await logIn(t.app, agent.number, agent.password);
});
afterAll(() => t.close());

const titleOf = async (pageName: string, languageCode: string, token?: string) => {
  const answer = await getPage<{ title: string }>(
    t.app,
    pageName,
    { countryCode: 'gr', languageCode },
    token,
  );
  expect(answer.status).toBe(200);
  return answer.data.title;
};

describe('membership page titles', () => {
  it.each(Object.entries(titles))('%s: the stored title wins', async (pageName, expected) => {
    const token = expected.memberOnly ? memberToken : undefined;
    expect(await titleOf(pageName, 'ell', token)).toBe(expected.ell);
  });

  it.each(Object.entries(titles))(
    '%s: the English default title without a stored page',
    async (pageName, expected) => {
      const token = expected.memberOnly ? memberToken : undefined;
      expect(await titleOf(pageName, 'eng', token)).toBe(expected.eng);
    },
  );

  it("profile-delete with the link sent: the dictionary's acceptance title, else English", async () => {
    await t.database.db.insert(dictionaryEntries).values({
      countryCode: 'gr',
      languageCode: 'ell',
      key: 'profileDelete.acceptanceTitle',
      value: 'Αποδοχή διαγραφής',
    });
    t.app.contentCache.clear();
    const agent = await createAgent(t.database.db);
    const token = await logIn(t.app, agent.number, agent.password);
    expect((await submitPage(t.app, 'profile-delete', {}, { token })).status).toBe(200);
    expect(await titleOf('profile-delete', 'ell', token)).toBe('Αποδοχή διαγραφής');
    expect(await titleOf('profile-delete', 'eng', token)).toBe('Deletion Acceptance');
  });
});
