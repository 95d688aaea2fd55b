import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPage, logIn, submitPage } from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { dictionaryEntries } from './schema.js';

/**
 * Every page form is validated by the page registry with its contract
 * schema: a bad body answers the spec's validationMessages (spec 1 §5),
 * worded in the page's language, and never reaches the page's submit handler.
 */

/** The page forms with fields, a bad body for each, and the messages it answers (in English). */
const badForms: Record<string, { values: Record<string, string>; messages: object }> = {
  'retrieve-password': {
    values: { email: 'nope' },
    messages: { email: ['Wrong format, e.g. name@example.com'] },
  },
  'retrieve-member-number': {
    values: { email: 'nope' },
    messages: { email: ['Wrong format, e.g. name@example.com'] },
  },
  reconfirm: {
    values: { email: ' ' },
    messages: { email: ['Field is required'] },
  },
  restore: {
    values: { email: 'agent@travel', number: '12a' },
    messages: {
      email: ['Wrong format, e.g. name@example.com'],
      number: ['Only numbers are allowed'],
    },
  },
  'forgot-password': {
    values: { token: 'any', password: 'abcdefgh', passwordRepeat: 'abcdefgh' },
    messages: {
      password: ['Minimum 7 characters, maximum 20 characters, must contain letter and digit'],
    },
  },
  'redeem-points': {
    values: { listgifts: 'abc', delivery: 'self', orderKey: 'k'.repeat(32) },
    messages: { listgifts: ['Please select at least one gift.'] },
  },
};

/** Page forms without fields of their own: the link's token (anything else counts as none) or nothing. */
const formsWithoutFields = [
  'registration-email-confirm',
  'restore-confirm',
  'delete-confirm',
  'email-change-confirm',
  'profile-delete',
];

const memberOnly = new Set(['redeem-points']);

let t: TestApp;
/** The pages whose submit handler ran, in order. */
const handled: string[] = [];
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    setup: (app) => {
      // Each page form's handler, wrapped to record that it ran.
      for (const name of app.pageRegistry.names()) {
        const definition = app.pageRegistry.get(name)!;
        const submit = definition.submit;
        if (submit === undefined) continue;
        app.pageRegistry.register(
          {
            ...definition,
            submit: {
              ...submit,
              handle: (context) => {
                handled.push(name);
                return submit.handle(context);
              },
            },
          },
          { replace: true },
        );
      }
    },
  });
  const agent = await createAgent(t.database.db);
  token = await logIn(t.app, agent.number, agent.password);
});
afterAll(() => t.close());

const submitted = (name: string, values: Record<string, string>, languageCode = '') =>
  submitPage<{ validationMessages?: Record<string, string[]> }>(t.app, name, values, {
    countryCode: 'gr',
    languageCode,
    ...(memberOnly.has(name) ? { token } : {}),
  });

describe('page forms are validated by the page registry', () => {
  it('knows every page form of the app', () => {
    const forms = t.app.pageRegistry
      .names()
      .filter((name) => t.app.pageRegistry.get(name)!.submit !== undefined);
    expect(forms.sort()).toEqual([...Object.keys(badForms), ...formsWithoutFields].sort());
  });

  it.each(Object.entries(badForms))(
    '%s: a bad body answers its validationMessages; the submit handler never runs',
    async (name, { values, messages }) => {
      handled.length = 0;
      const answer = await submitted(name, values);
      expect(answer.status).toBe(200);
      expect(answer.data.validationMessages).toEqual(messages);
      expect(handled).toEqual([]);
    },
  );

  it('redeem points answers the points beside the messages, and places no order', async () => {
    const answer = await submitted('redeem-points', badForms['redeem-points']!.values);
    expect(answer.data).toMatchObject({ ordered: false, orderId: null, Refresh: 0 });
  });

  it.each(formsWithoutFields)('%s: has no field to refuse', (name) => {
    const body = t.app.pageRegistry.get(name)!.submit!.body;
    expect(body.safeParse({ token: ['not', 'text'], other: 1 }).success).toBe(true);
    expect(body.safeParse({}).success).toBe(true);
  });

  it("a valid body reaches the page's submit handler", async () => {
    handled.length = 0;
    await submitted('retrieve-password', { email: 'nobody@travel.example' });
    expect(handled).toEqual(['retrieve-password']);
  });
});

describe("messages in the page's language", () => {
  beforeAll(async () => {
    await t.database.db.insert(dictionaryEntries).values([
      { countryCode: 'gr', languageCode: 'ell', key: 'validation.email', value: 'Λάθος μορφή' },
      {
        countryCode: 'gr',
        languageCode: 'ell',
        key: 'redeem.message.noGiftSelected',
        value: 'Επιλέξτε τουλάχιστον ένα δώρο.',
      },
      {
        countryCode: 'gr',
        languageCode: 'ell',
        key: 'points.message.pnrPattern',
        value: 'Το PNR έχει 5 έως 8 γράμματα και ψηφία.',
      },
      {
        countryCode: 'gr',
        languageCode: 'ell',
        key: 'account.message.invalidLink',
        value: 'Ο σύνδεσμος δεν ισχύει πια.',
      },
      { countryCode: 'gr', languageCode: 'ell', key: 'account.message.error', value: 'Σφάλμα' },
    ]);
    t.app.contentCache.clear();
  });

  it("a content word for a message's key words the answer; other languages keep the English", async () => {
    const greek = await submitted('retrieve-password', { email: 'nope' }, 'ell');
    expect(greek.data.validationMessages).toEqual({ email: ['Λάθος μορφή'] });
    const english = await submitted('retrieve-password', { email: 'nope' }, 'eng');
    expect(english.data.validationMessages).toEqual({
      email: ['Wrong format, e.g. name@example.com'],
    });
    const redeem = await submitted('redeem-points', badForms['redeem-points']!.values, 'ell');
    expect(redeem.data.validationMessages).toEqual({
      listgifts: ['Επιλέξτε τουλάχιστον ένα δώρο.'],
    });
  });

  it("the layout carries the validation words, for the screens' own checks (login has no page call)", async () => {
    const response = await t.app.inject({
      url: '/s2c/content/v1/layout/?countryCode=gr&languageCode=ell',
    });
    const { dictionary } = response.json<{ data: { dictionary: Record<string, string> } }>().data;
    expect(dictionary['validation.email']).toBe('Λάθος μορφή');
  });

  it("words the emailed-link pages' answers about their link by key too", async () => {
    const values = {
      token: 'no-such-link',
      password: 'Lagoon7harbour',
      passwordRepeat: 'Lagoon7harbour',
    };
    const reset = await submitted('forgot-password', values, 'ell');
    expect(reset.data.validationMessages).toEqual({ token: ['Ο σύνδεσμος δεν ισχύει πια.'] });
    const restore = await submitPage<{ errors: string[]; errorMessageList: object[] }>(
      t.app,
      'restore-confirm',
      { token: 'no-such-link' },
      { countryCode: 'gr', languageCode: 'ell' },
    );
    expect(restore.data.errors).toEqual(['Σφάλμα']);
    expect(restore.data.errorMessageList).toEqual([
      { errorMessage: 'Ο σύνδεσμος δεν ισχύει πια.' },
    ]);
    const english = await submitted('forgot-password', values, 'eng');
    expect(english.data.validationMessages).toEqual({
      token: ['Sorry for the inconvenience. The link is not valid any more.'],
    });
  });

  it('words the points search messages of the points page too', async () => {
    const page = await getPage<{ validationMessages?: Record<string, string[]> }>(
      t.app,
      'points',
      { countryCode: 'gr', languageCode: 'ell', searchBy: 'pnr', pnrSearch: '12' },
      token,
    );
    expect(page.data.validationMessages).toEqual({
      pnrSearch: ['Το PNR έχει 5 έως 8 γράμματα και ψηφία.'],
    });
  });
});
