import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { OfficeData } from '@club/contract/membership';
import { localPage } from '../../../shared/local-page';
import { makeClientLayout } from '../../../testing/render-screen';
import { RestoreScreen } from '../guest-link/guest-link-screens';
import { LoginScreen } from '../login/login-screen';
import { ProfileUpdateScreen } from '../profile/profile-update-screen';
import { RegistrationForm } from '../registration/registration-form';
import {
  apiData,
  makePage,
  makeUser,
  renderMembershipScreen,
  stubApi,
} from '../../../testing/membership-test-utils';

afterEach(() => vi.unstubAllGlobals());

const office: OfficeData = {
  officeId: 'WIEN1',
  fullName: 'Danube Travel',
  zip: '1010',
  address: 'Graben 1, Wien',
  isAmadeusDirectOffice: false,
  active: true,
};

const registrationForm = () => (
  <RegistrationForm
    page={{ personTitles: [{ code: 'mr', title: 'Mr' }], phoneCodeLocalized: '+43' }}
    office={office}
    focus={false}
    onOfficeChange={() => undefined}
  />
);
const profile = () => (
  <ProfileUpdateScreen
    page={makePage('profile-update', { personTitles: [], phoneCodeLocalized: '' })}
  />
);
const restore = () => <RestoreScreen page={makePage('restore', {})} />;
const login = () => <LoginScreen page={localPage('login', '')} />;

type Row = [rule: string, ui: () => ReactElement, label: string, input: string, message: string];

/** Spec 1 §5, each rule on a field that uses it (Austria, so that the sign field is there). */
const rows: Row[] = [
  ['numbers only', restore, 'Member number', '12a', 'Only numbers are allowed'],
  ['free text', profile, 'Gift delivery address', 'x'.repeat(256), 'Max length exceeded'],
  [
    'name (passport style)',
    registrationForm,
    'First name',
    'Zoë',
    'Only latin letters, spaces, commas, points and hyphens allowed',
  ],
  [
    'new password',
    registrationForm,
    'Password',
    'abcdefgh',
    'Minimum 7 characters, maximum 20 characters, must contain letter and digit',
  ],
  ['short text', registrationForm, 'Office ID', 'W'.repeat(21), 'Maximum 20 characters'],
  ['sign', registrationForm, 'Sign (first 4 digits)', '12', 'Geben Sie die ersten 4 Ziffern'],
  ['phone', registrationForm, 'Phone', '12 ab', 'Wrong format, e.g. +30 2101234567'],
  ['email', registrationForm, 'Email', 'agent@', 'Wrong format, e.g. name@example.com'],
  [
    'email input max 255',
    registrationForm,
    'Email',
    `${'a'.repeat(250)}@example.com`,
    'Max length exceeded',
  ],
  ['required', registrationForm, 'Last name', '{Backspace}', 'Field is required'],
  ['login number pattern', login, 'Member number', 'ABC', 'Invalid Username or Password'],
  ['login password max 255', login, 'Password', 'p'.repeat(256), 'Max length exceeded'],
];

describe('validation table (spec 1 §5): a message shows only after the field is touched', () => {
  it.each(rows)('%s', async (_rule, ui, label, input, message) => {
    stubApi();
    const user = userEvent.setup();
    renderMembershipScreen(ui(), {
      layout: makeClientLayout({ countryCode: 'at' }),
      user: makeUser({ countryCode: 'at' }),
    });
    const field = screen.getByLabelText(label);
    await user.click(field);
    await user.clear(field);
    if (input !== '{Backspace}') await user.paste(input);
    expect(screen.queryByText(message)).toBeNull();
    await user.tab();
    // The login form's rules load when it first validates (`loadedOnFirstCall`, contract/loaded-on-first-call.ts).
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(message);
  });

  it("'Password mismatch' on the repeat field", async () => {
    stubApi();
    const user = userEvent.setup();
    renderMembershipScreen(registrationForm(), { layout: makeClientLayout({ countryCode: 'at' }) });
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Repeat the password'), 'secret13');
    expect(screen.queryByText('Password mismatch')).toBeNull();
    await user.tab();
    expect(screen.getByText('Password mismatch')).toBeTruthy();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'secret13');
    expect(screen.queryByText('Password mismatch')).toBeNull();
  });
});

describe("validation messages in the page's language, by key", () => {
  const greek = {
    'validation.numbersOnly': 'Μόνο αριθμοί',
    'validation.invalidCredentials': 'Λάθος αριθμός μέλους ή κωδικός',
  };

  it.each([
    ['numbers only', restore, 'Member number', '12a', 'Μόνο αριθμοί'],
    ['login number pattern', login, 'Member number', 'ABC', 'Λάθος αριθμός μέλους ή κωδικός'],
  ])("%s: the dictionary's word of the message's key", async (_rule, ui, label, input, word) => {
    stubApi();
    const user = userEvent.setup();
    renderMembershipScreen(ui(), { layout: makeClientLayout({ dictionary: greek }) });
    const field = screen.getByLabelText(label);
    await user.click(field);
    await user.paste(input);
    await user.tab();
    expect(await screen.findByText(word)).toBeTruthy();
    expect(screen.queryByText('Only numbers are allowed')).toBeNull();
    expect(screen.queryByText('Invalid Username or Password')).toBeNull();
  });

  it('shows a message the server worded as it came', async () => {
    stubApi((call) =>
      call.method === 'POST'
        ? apiData({ validationMessages: { number: ['Ο αριθμός δεν ταιριάζει'] } })
        : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(restore(), { layout: makeClientLayout({ dictionary: greek }) });
    await user.type(screen.getByLabelText('Email'), 'agent@travel.example');
    await user.type(screen.getByLabelText('Member number'), '1234');
    await user.click(screen.getByRole('button', { name: 'Restore my account' }));
    expect(await screen.findByText('Ο αριθμός δεν ταιριάζει')).toBeTruthy();
  });
});

describe("the phone's example is the country's (country.json's phoneExample)", () => {
  it.each([
    ['at', '+43 6641234567', {}, 'Wrong format, e.g. \u2066+43 6641234567\u2069'],
    ['cy', '+357 22123456', {}, 'Wrong format, e.g. \u2066+357 22123456\u2069'],
    [
      'ae',
      '+971 501234567',
      { 'validation.phone': 'صيغة غير صحيحة، مثال: {phoneExample}' },
      'صيغة غير صحيحة، مثال: \u2066+971 501234567\u2069',
    ],
    [
      'gr',
      '+30 2101234567',
      { 'validation.phone': 'Λάθος μορφή, π.χ. {phoneExample}' },
      'Λάθος μορφή, π.χ. \u2066+30 2101234567\u2069',
    ],
  ])(
    '%s: placeholder and message show %s',
    async (countryCode, phoneExample, dictionary, message) => {
      stubApi();
      const user = userEvent.setup();
      renderMembershipScreen(registrationForm(), {
        layout: makeClientLayout({ countryCode, phoneExample, dictionary }),
      });
      const field = screen.getByLabelText('Phone');
      expect(field.getAttribute('placeholder')).toBe(phoneExample);
      await user.click(field);
      await user.paste('12 ab');
      await user.tab();
      expect((await screen.findByText(message)).id).toBe(
        field.getAttribute('aria-describedby')?.split(' ').pop(),
      );
    },
  );
});
