// @vitest-environment jsdom
// The conditions and the decision-maker texts are rich text (DOMPurify needs jsdom).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationPage } from '@club/contract/account-pages';
import type { OfficeData } from '@club/contract/membership';
import { readStoredValue } from '../../../lib/client-storage';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  apiData,
  apiError,
  makePage,
  makeUser,
  renderMembershipScreen,
  stubApi,
  type ApiCall,
} from '../../../testing/membership-test-utils';
import { RegistrationScreen } from './registration-screen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function makeOffice(overrides: Partial<OfficeData> = {}): OfficeData {
  return {
    officeId: 'ATHGR2100',
    fullName: 'Acropolis Travel',
    zip: '10558',
    address: 'Ermou 10, Athens',
    isAmadeusDirectOffice: false,
    active: true,
    ...overrides,
  };
}

function registrationPage(
  fields: Partial<RegistrationPage> = {},
  params: Record<string, string> = {},
) {
  return makePage(
    'registration',
    {
      countries: [
        { code: 'gr', name: 'Greece', countryRoute: '' },
        { code: 'at', name: 'Austria', countryRoute: '' },
      ],
      hasManyCountries: false,
      personTitles: [
        { code: 'mr', title: 'Mr' },
        { code: 'ms', title: 'Ms' },
      ],
      phoneCodeLocalized: '+30',
      step: '',
      officeData: null,
      optInDecisionMakerRequestText: '',
      optInDecisionMakerEnrollSuccessText: '',
      optInDecisionMakerNotifySuccessText: '',
      conditionsText: '<p>The club rules apply.</p>',
      ...fields,
    },
    { params },
  );
}

const officePath = (id: string) => `/s2c/auth/v1/offices/${id}/gr`;
const isOffice = (call: ApiCall, id: string) =>
  call.method === 'GET' && call.path === officePath(id);

/** Office lookups answer `offices` by upper-case id; registration answers `register`. */
function stubRegistrationApi(
  offices: Record<string, OfficeData>,
  register: (call: ApiCall) => Response | undefined = () => undefined,
) {
  return stubApi((call) => {
    const office = /^\/s2c\/auth\/v1\/offices\/([^/]+)\/gr$/.exec(call.path);
    if (office?.[1] && call.method === 'GET') {
      const found = offices[decodeURIComponent(office[1]).toUpperCase()];
      return found
        ? apiData(found)
        : apiError(404, 'NOT_FOUND', { officeId: 'Office ID not found' });
    }
    if (call.method === 'POST' && call.path === '/s2c/auth/v1/agents') return register(call);
    return undefined;
  });
}

async function enterOffice(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.type(await screen.findByLabelText('Office ID'), id);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function agree(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByLabelText('I agree with the conditions of the club'));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('First name'), 'Eleni');
  await user.type(screen.getByLabelText('Last name'), 'Papadopoulou');
  await user.selectOptions(screen.getByLabelText('Title'), 'ms');
  await user.type(screen.getByLabelText('Email'), 'eleni@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret12');
  await user.type(screen.getByLabelText('Repeat the password'), 'secret12');
  await user.type(screen.getByLabelText('Phone'), '+30 2101234567');
  await user.selectOptions(screen.getByLabelText('Day'), '05');
  await user.selectOptions(screen.getByLabelText('Month'), '03');
}

describe('registration: the subscribe text', () => {
  it('shows the subscribe text of the country and language above the office ID step', async () => {
    const calls = stubApi((call) =>
      call.path === '/s2c/content/v1/texts' && call.query.get('key') === 'subscribe'
        ? apiData({ key: 'subscribe', value: '<p>Join the club with your office ID.</p>' })
        : undefined,
    );
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    expect(await screen.findByText('Join the club with your office ID.')).toBeTruthy();
    const text = calls.find((call) => call.path === '/s2c/content/v1/texts');
    expect(text?.query.get('countryCode')).toBe('gr');
  });

  it('shows nothing in its place when the text cannot be fetched', async () => {
    const calls = stubRegistrationApi({});
    renderMembershipScreen(<RegistrationScreen page={registrationPage({ text: '' })} />);
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/s2c/content/v1/texts')).toBe(true),
    );
    expect(document.querySelector('.membership__subscribe')).toBeNull();
  });
});

describe('registration: country step', () => {
  it('shows the country select with several countries; Select stays disabled while none is chosen', async () => {
    stubRegistrationApi({});
    const user = userEvent.setup();
    renderMembershipScreen(
      <RegistrationScreen page={registrationPage({ hasManyCountries: true })} />,
    );
    const select = screen.getByRole('button', { name: 'Select' });
    await user.selectOptions(screen.getByLabelText('Country'), '');
    expect((select as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Country'), 'gr');
    expect((select as HTMLButtonElement).disabled).toBe(false);
    await user.click(select);
    expect(await screen.findByLabelText('Office ID')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Your office ID');
  });

  it("has the current site's country chosen, so that one press of Select continues", async () => {
    stubRegistrationApi({});
    const user = userEvent.setup();
    renderMembershipScreen(
      <RegistrationScreen page={registrationPage({ hasManyCountries: true })} />,
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Country').value).toBe('gr');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByLabelText('Office ID')).toBeTruthy();
  });

  it('starts with the office ID when the country was selected already', () => {
    stubRegistrationApi({});
    renderMembershipScreen(
      <RegistrationScreen
        page={registrationPage({ hasManyCountries: true }, { countrySelected: '1' })}
      />,
    );
    expect(screen.getByLabelText('Office ID')).toBeTruthy();
    expect(screen.queryByLabelText('Country')).toBeNull();
  });
});

describe('registration: office ID step', () => {
  it('keeps Continue disabled until the office ID is valid (at most 20 characters)', async () => {
    stubRegistrationApi({});
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });
    expect(next.disabled).toBe(true);
    expect(screen.getByLabelText('Office ID').getAttribute('dir')).toBe('ltr');
    await user.type(screen.getByLabelText('Office ID'), 'A'.repeat(21));
    expect(next.disabled).toBe(true);
    await user.tab();
    expect(screen.getByText('Maximum 20 characters')).toBeTruthy();
    await user.clear(screen.getByLabelText('Office ID'));
    await user.type(screen.getByLabelText('Office ID'), 'ATHGR2100');
    expect(next.disabled).toBe(false);
  });

  it('looks the office up on submit and shows "Office ID not found" on a 404', async () => {
    const calls = stubRegistrationApi({});
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    await enterOffice(user, 'NOPE123');
    await screen.findByText('Office ID not found');
    expect(screen.getByLabelText('Office ID').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => isOffice(call, 'NOPE123'))).toHaveLength(1);
  });

  it('shows the direct-office notice for an office of the direct-sales kind', async () => {
    stubRegistrationApi({
      DIRECT1: makeOffice({ officeId: 'DIRECT1', isAmadeusDirectOffice: true }),
    });
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />, {
      layout: makeClientLayout({ amadeusDirectUrlToRedirect: 'https://direct.example.com/' }),
    });
    await enterOffice(user, 'DIRECT1');
    await screen.findByText(/belongs to an Amadeus Direct office/);
    expect(screen.getByRole('link', { name: 'OK, open Amadeus Direct' }).getAttribute('href')).toBe(
      'https://direct.example.com/',
    );
  });
});

describe('registration: agreement and form', () => {
  it('shows the conditions; Continue stays disabled until the checkbox is checked', async () => {
    stubRegistrationApi({ ATHGR2100: makeOffice() });
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    await enterOffice(user, 'athgr2100');
    expect(await screen.findByText('The club rules apply.')).toBeTruthy();
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });
    expect(next.disabled).toBe(true);
    await user.click(screen.getByLabelText('I agree with the conditions of the club'));
    expect(next.disabled).toBe(false);
  });

  it('shows every field of the form with the office read-only, the notes and hints', async () => {
    stubRegistrationApi({ ATHGR2100: makeOffice() });
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    await enterOffice(user, 'ATHGR2100');
    await agree(user);
    expect(
      await screen.findByText(
        'All fields are mandatory unless marked optional. Please fill in the form in English',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Office ID').value).toBe('ATHGR2100');
    // Email, phone and office ID read left to right on right-to-left pages too; names follow the page.
    for (const label of ['Office ID', 'Email', 'Phone'])
      expect(screen.getByLabelText(label).getAttribute('dir'), label).toBe('ltr');
    expect(screen.getByLabelText('Agency').hasAttribute('dir')).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Agency').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Agency').value).toBe('Acropolis Travel');
    expect(screen.getByLabelText<HTMLInputElement>('Address').value).toBe('10558 Ermou 10, Athens');
    expect(screen.queryByLabelText('Sign (first 4 digits)')).toBeNull();
    const phone = screen.getByLabelText('Phone');
    const [optional, hint] = (phone.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id));
    // The note is true: the fields that may stay empty say so, the others do not.
    expect(optional?.textContent).toBe('(optional)');
    expect(screen.getByLabelText('First name').hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getByRole('group', { name: 'Birthday (optional)' })).toBeTruthy();
    expect(hint?.textContent).toBe('Start with the country code +30');
    expect(
      within(hint as HTMLElement)
        .getByText('+30')
        .getAttribute('dir'),
    ).toBe('ltr');
    const days = [...screen.getByLabelText<HTMLSelectElement>('Day').options].map((o) => o.text);
    expect(days.slice(1, 3)).toEqual(['01', '02']);
    expect(days.at(-1)).toBe('31');
    const months = [...screen.getByLabelText<HTMLSelectElement>('Month').options].map(
      (o) => o.text,
    );
    expect(months.slice(1)).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(screen.getByRole('option', { name: 'Ms' })).toBeTruthy();
  });

  it('takes long month names from the dictionary', async () => {
    stubRegistrationApi({ ATHGR2100: makeOffice() });
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />, {
      layout: makeClientLayout({ dictionary: { 'monthLong.jan': 'Ιανουάριος' } }),
    });
    await enterOffice(user, 'ATHGR2100');
    await agree(user);
    const months = [...(await screen.findByLabelText<HTMLSelectElement>('Month')).options];
    expect(months[1]?.text).toBe('Ιανουάριος');
    expect(months[2]?.text).toBe('February');
  });

  it('has the sign field in Austria only', async () => {
    stubApi((call) =>
      call.path === '/s2c/auth/v1/offices/WIEN1/at'
        ? apiData(makeOffice({ officeId: 'WIEN1' }))
        : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />, {
      layout: makeClientLayout({ countryCode: 'at' }),
    });
    await enterOffice(user, 'WIEN1');
    await agree(user);
    expect(await screen.findByLabelText('Sign (first 4 digits)')).toBeTruthy();
  });

  it('explains the newsletter in a tooltip tied to its button', async () => {
    stubRegistrationApi({ ATHGR2100: makeOffice() });
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    await enterOffice(user, 'ATHGR2100');
    await agree(user);
    const info = await screen.findByRole('button', { name: 'About the newsletter' });
    const tooltip = document.getElementById(info.getAttribute('aria-describedby') ?? '');
    expect(tooltip?.getAttribute('role')).toBe('tooltip');
    expect(tooltip?.hidden).toBe(true);
    info.focus();
    await waitFor(() => expect(tooltip?.hidden).toBe(false));
    expect(tooltip?.textContent).toMatch(/News of the club/);
    await user.keyboard('{Escape}');
    expect(tooltip?.hidden).toBe(true);
  });

  it('registers with the values, country, language and office address, logs in and goes on', async () => {
    const calls = stubRegistrationApi({ ATHGR2100: makeOffice() }, () =>
      apiData({ user: makeUser(), token: 'tok-new' }),
    );
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />, {
      path: '/eng/registration',
    });
    await enterOffice(user, 'ATHGR2100');
    await agree(user);
    await fillForm(user);
    await user.click(screen.getByLabelText('I would like to receive the newsletter'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/eng/registration-success'),
    );
    const body = calls.find((call) => call.path === '/s2c/auth/v1/agents')?.body;
    expect(Object.fromEntries(body ?? [])).toEqual({
      firstName: 'Eleni',
      lastName: 'Papadopoulou',
      title: 'ms',
      password: 'secret12',
      passwordRepeat: 'secret12',
      officeId: 'ATHGR2100',
      email: 'eleni@example.com',
      phone: '+30 2101234567',
      birthdayDay: '05',
      birthdayMonth: '03',
      newsletter: 'true',
      sign: '',
      countryCode: 'gr',
      languageCode: 'eng',
      agreeWithConditions: 'true',
      address: '10558 Ermou 10, Athens',
    });
    expect(readStoredValue('token')).toBe('tok-new');
    expect(readStoredValue('userId')).toBe('7');
  });

  it('stores no session when the registration waits for email confirmation, and passes the member number on', async () => {
    stubRegistrationApi({ ATHGR2100: makeOffice() }, () =>
      apiData({ user: makeUser({ number: '555000333' }), token: null }),
    );
    const user = userEvent.setup();
    const { router } = renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    await enterOffice(user, 'ATHGR2100');
    await agree(user);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/eng/registration-success'),
    );
    expect(readStoredValue('token')).toBeNull();
    expect(router.state.location.state).toEqual({ memberNumber: '555000333' });
  });

  it('puts the server messages on the fields', async () => {
    stubRegistrationApi({ ATHGR2100: makeOffice() }, () =>
      apiError(400, 'VALIDATION_FAILED', {
        email: 'This email address is already registered',
        officeId: ['Your agency has not joined the club yet. Ask your manager for access.'],
        countryCode: 'Field is required',
        requestId: 'r1',
      }),
    );
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    await enterOffice(user, 'ATHGR2100');
    await agree(user);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('This email address is already registered');
    expect(
      screen.getByText('Your agency has not joined the club yet. Ask your manager for access.'),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Field is required');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('looks a changed office ID up and shows its agency and address', async () => {
    stubRegistrationApi({
      ATHGR2100: makeOffice(),
      SKG1: makeOffice({
        officeId: 'SKG1',
        fullName: 'Thessaloniki Tours',
        zip: '54624',
        address: 'Tsimiski 1',
      }),
    });
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    await enterOffice(user, 'ATHGR2100');
    await agree(user);
    const officeId = await screen.findByLabelText('Office ID');
    await user.clear(officeId);
    await user.type(officeId, 'SKG1');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Agency').value).toBe('Thessaloniki Tours'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Address').value).toBe('54624 Tsimiski 1');
  });
});

describe('registration: decision-maker opt-in (inactive office)', () => {
  const layout = makeClientLayout({ decisionMakerOptIn: true });

  it('asks the manager, then takes an email to notify, then thanks', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === officePath('idle1'))
        return apiData(makeOffice({ officeId: 'IDLE1', active: false }));
      if (call.path === '/s2c/auth/v1/offices/IDLE1/gr/enroll/push')
        return apiData({ requested: true });
      if (call.path === '/s2c/auth/v1/offices/IDLE1/gr/enroll/notify')
        return apiData({ stored: true });
      return undefined;
    });
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />, { layout });
    await enterOffice(user, 'idle1');
    expect(
      await screen.findByText(/Your manager approves the programme by activating your office ID/),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Request access to my manager' }));
    await user.type(await screen.findByLabelText('Email'), 'eleni@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Thank you! You will receive the notification!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'To the home page' }).getAttribute('href')).toBe(
      '/eng',
    );
    const push = calls.find((call) => call.path.endsWith('/enroll/push'));
    expect(push?.method).toBe('POST');
    const notify = calls.find((call) => call.path.endsWith('/enroll/notify'));
    expect(notify?.body.get('email')).toBe('eleni@example.com');
    expect(notify?.body.get('languageCode')).toBe('eng');
  });

  it('uses the custom texts of the steps', async () => {
    stubApi((call) => {
      if (call.method === 'GET' && call.path === officePath('IDLE1'))
        return apiData(makeOffice({ officeId: 'IDLE1', active: false }));
      if (call.path.endsWith('/enroll/push')) return apiData({ requested: true });
      if (call.path.endsWith('/enroll/notify')) return apiData({ stored: true });
      return undefined;
    });
    const user = userEvent.setup();
    renderMembershipScreen(
      <RegistrationScreen
        page={registrationPage({
          optInDecisionMakerRequestText: '<p>Ask your boss.</p>',
          optInDecisionMakerEnrollSuccessText: '<p>Your boss has been asked.</p>',
          optInDecisionMakerNotifySuccessText: '<p>We will write to you.</p>',
        })}
      />,
      { layout },
    );
    await enterOffice(user, 'IDLE1');
    await screen.findByText('Ask your boss.');
    await user.click(screen.getByRole('button', { name: 'Request access to my manager' }));
    await screen.findByText('Your boss has been asked.');
    await user.type(screen.getByLabelText('Email'), 'eleni@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('We will write to you.')).toBeTruthy();
  });

  it('says an inactive office earns nothing when the opt-in is off, and goes on on request', async () => {
    stubRegistrationApi({ IDLE1: makeOffice({ officeId: 'IDLE1', active: false }) });
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    await enterOffice(user, 'IDLE1');
    expect(
      await screen.findByRole('heading', { name: 'Your office does not take part yet' }),
    ).toBeTruthy();
    expect(
      screen.getByText(/bookings made in it earn no points until it joins/).textContent,
    ).toContain('IDLE1 (Acropolis Travel)');
    expect(screen.queryByLabelText('I agree with the conditions of the club')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue registration' }));
    expect(await screen.findByLabelText('I agree with the conditions of the club')).toBeTruthy();
    await agree(user);
    // The form says it again next to the office, before it is sent.
    expect(await screen.findByText(/earn no points until it joins/)).toBeTruthy();
  });

  it('asks the manager from the inactive-office notice, and still lets the agent register', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === officePath('IDLE1'))
        return apiData(makeOffice({ officeId: 'IDLE1', active: false }));
      if (call.path === '/s2c/auth/v1/offices/IDLE1/gr/enroll/push')
        return apiData({ requested: true });
      return undefined;
    });
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    await enterOffice(user, 'IDLE1');
    await user.click(await screen.findByRole('button', { name: 'Request access to my manager' }));
    expect(
      await screen.findByText('We have asked your manager. You can register now.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/enroll/push'))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Request access to my manager' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue registration' }));
    expect(await screen.findByLabelText('I agree with the conditions of the club')).toBeTruthy();
  });

  it('shows no inactive-office notice for an office that takes part', async () => {
    stubRegistrationApi({ ATHGR2100: makeOffice() });
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    await enterOffice(user, 'ATHGR2100');
    await agree(user);
    await screen.findByLabelText('First name');
    expect(screen.queryByText(/earn no points until it joins/)).toBeNull();
  });

  it('opens on the notify step when the page says so', () => {
    stubApi();
    renderMembershipScreen(
      <RegistrationScreen
        page={registrationPage({
          step: 'dm-approval-notify',
          officeData: makeOffice({ officeId: 'IDLE1', active: false }),
        })}
      />,
      { layout },
    );
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeTruthy();
  });
});

describe('registration: which step of how many', () => {
  const currentStep = () =>
    within(screen.getByRole('list', { name: /^Step \d of \d$/ }))
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'step')?.textContent;

  it('counts the country step where there are several countries, and moves on with the agent', async () => {
    stubRegistrationApi({ ATHGR2100: makeOffice() });
    const user = userEvent.setup();
    renderMembershipScreen(
      <RegistrationScreen page={registrationPage({ hasManyCountries: true })} />,
    );
    const steps = screen.getByRole('list', { name: 'Step 1 of 4' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Your country', 'Your office ID', 'Conditions of the club', 'Your details']);
    expect(currentStep()).toBe('Your country');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByRole('list', { name: 'Step 2 of 4' })).toBeTruthy();
    expect(currentStep()).toBe('Your office ID');
    await enterOffice(user, 'ATHGR2100');
    expect(await screen.findByRole('list', { name: 'Step 3 of 4' })).toBeTruthy();
    await agree(user);
    expect(await screen.findByRole('list', { name: 'Step 4 of 4' })).toBeTruthy();
    expect(currentStep()).toBe('Your details');
  });

  it('has three steps with one country, and no count on the side paths', async () => {
    stubRegistrationApi({ ATHGR2100: makeOffice({ isAmadeusDirectOffice: true }) });
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={registrationPage()} />);
    expect(screen.getByRole('list', { name: 'Step 1 of 3' })).toBeTruthy();
    await enterOffice(user, 'ATHGR2100');
    await screen.findByRole('heading', { name: /Amadeus Direct/ });
    expect(screen.queryByRole('list', { name: /^Step/ })).toBeNull();
  });
});
