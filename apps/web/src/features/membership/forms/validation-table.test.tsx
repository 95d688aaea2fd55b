import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { OfficeData } from '@club/contract/membership';
import { messages } from '@club/contract/validation-rules';
import { localPage } from '../../../shared/local-page';
import { makeClientLayout } from '../../../testing/render-screen';
import { RestoreScreen } from '../account/restore-screen';
import { LoginScreen } from '../login/login-screen';
import { ProfileUpdateScreen } from '../profile/profile-update-screen';
import { RegistrationForm } from '../registration/registration-form';
import {
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
  ['numbers only', restore, 'Member number', '12a', messages.numbersOnly],
  ['free text', profile, 'Gift delivery address', 'x'.repeat(256), messages.maxLength],
  ['name (passport style)', registrationForm, 'First name', 'Zoë', messages.name],
  ['new password', registrationForm, 'Password', 'abcdefgh', messages.newPassword],
  ['short text', registrationForm, 'Office ID', 'W'.repeat(21), messages.shortText],
  ['sign', registrationForm, 'Sign (first 4 digits)', '12', messages.sign],
  ['phone', registrationForm, 'Phone', '12 ab', messages.phone],
  ['email', registrationForm, 'Email', 'agent@', messages.email],
  [
    'email input max 255',
    registrationForm,
    'Email',
    `${'a'.repeat(250)}@example.com`,
    messages.maxLength,
  ],
  ['required', registrationForm, 'Last name', '{Backspace}', messages.required],
  ['login number pattern', login, 'Member number', 'ABC', messages.invalidCredentials],
  ['login password max 255', login, 'Password', 'p'.repeat(256), messages.maxLength],
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
    // The login form's rules load when it first validates (lazy-resolver.ts).
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
    expect(screen.queryByText(messages.passwordMismatch)).toBeNull();
    await user.tab();
    expect(screen.getByText(messages.passwordMismatch)).toBeTruthy();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'secret13');
    expect(screen.queryByText(messages.passwordMismatch)).toBeNull();
  });
});
