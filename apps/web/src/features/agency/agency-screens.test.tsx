import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiData,
  makePage,
  renderMembershipScreen,
  stubApi,
  type ApiCall,
} from '../../testing/membership-test-utils';
import { AgencyOptInScreen, AgencyOptOutScreen } from './agency-form-screen';
import { makeClientLayout } from '../../testing/render-screen';
import {
  AgencySuccessfullyOptInScreen,
  AgencySuccessfullyOptOutScreen,
} from './agency-success-screens';

afterEach(() => vi.unstubAllGlobals());

const statePath = '/s2c/auth/v1/agency/state-change-request';
const link = { s: 'link-0001', c: 'proof-0000000000001' };
const page = (name: string, params: Record<string, string> = link) =>
  makePage(name, {}, { title: '', params });

const isState = (call: ApiCall, method: string) =>
  call.path === statePath && call.method === method;

/** Fakes the agency API: the GET's agency (or messages), the POST's answer, the texts. */
function fakeAgencyApi({
  purpose = 'opt-in',
  lookup,
  post = { officeId: 'ATHGR2100', active: true },
  texts = {},
}: {
  purpose?: 'opt-in' | 'opt-out';
  lookup?: unknown;
  post?: unknown;
  texts?: Record<string, string>;
} = {}) {
  return stubApi((call) => {
    if (isState(call, 'GET'))
      return apiData(lookup ?? { officeId: 'ATHGR2100', name: 'Acropolis Travel', purpose });
    if (isState(call, 'POST')) return apiData(post);
    if (call.path === '/s2c/content/v1/texts') {
      const key = call.query.get('key') ?? '';
      const value = texts[key];
      return value === undefined ? undefined : apiData({ key, value });
    }
    return undefined;
  });
}

async function fillCommon(names = { first: 'Eleni', last: 'Papadopoulou' }) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('First name'), names.first);
  await user.type(screen.getByLabelText('Last name'), names.last);
  await user.type(screen.getByLabelText('Email'), 'eleni@example.com');
  return user;
}

const location = () => screen.getByTestId('location').textContent;

describe('agency opt-in page (spec 2 §2.4)', () => {
  it('reads s and c, shows the agency, the agencyOptIn text and the form', async () => {
    const calls = fakeAgencyApi({ texts: { agencyOptIn: '<p>Join the <em>club</em></p>' } });
    renderMembershipScreen(<AgencyOptInScreen page={page('agency-opt-in')} />);
    expect(await screen.findByDisplayValue('ATHGR2100')).toBeTruthy();
    expect(screen.getByLabelText('Office ID')).toHaveProperty('value', 'ATHGR2100');
    expect(screen.getByLabelText('Office ID').getAttribute('dir')).toBe('ltr');
    expect(screen.getByLabelText('Agency')).toHaveProperty('value', 'Acropolis Travel');
    expect(await screen.findByText('club')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Agency opt-in');
    const get = calls.find((call) => isState(call, 'GET'));
    expect(get?.query.get('s')).toBe(link.s);
    expect(get?.query.get('c')).toBe(link.c);
    const email = screen.getByLabelText('Email');
    const hint = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Email, max. 255 characters');
    expect(screen.queryByLabelText(/Comment/)).toBeNull();
  });

  it('shows a default text when agencyOptIn fails', async () => {
    fakeAgencyApi();
    renderMembershipScreen(<AgencyOptInScreen page={page('agency-opt-in')} />);
    expect(await screen.findByText(/its agents can register and collect points/)).toBeTruthy();
  });

  it('an invalid link shows the alert list of validationMessages.officeId and no form', async () => {
    fakeAgencyApi({
      lookup: { validationMessages: { officeId: ['The link has expired', 'Ask for a new one'] } },
    });
    renderMembershipScreen(<AgencyOptInScreen page={page('agency-opt-in')} />);
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'The link has expired',
      'Ask for a new one',
    ]);
    expect(alert.className).toContain('alert--danger');
    expect(screen.queryByLabelText('First name')).toBeNull();
  });

  it('a link without s and c is invalid without a call', () => {
    const calls = fakeAgencyApi();
    renderMembershipScreen(<AgencyOptInScreen page={page('agency-opt-in', {})} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This link is not valid any more. Please ask for a new one.',
    );
    expect(calls.some((call) => call.path === statePath)).toBe(false);
  });

  it('an expired link says how to get a new one: write to the club with the office ID', () => {
    fakeAgencyApi();
    renderMembershipScreen(<AgencyOptOutScreen page={page('agency-opt-out', {})} />, {
      layout: makeClientLayout({ contactUsEmail: 'club-gr@example.com' }),
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'This link is not valid any more. Please ask for a new one.',
    );
    const how = screen.getByText(/For a new link, write to/);
    expect(how.textContent).toBe(
      'For a new link, write to club-gr@example.com with your office ID: we send it to the person who decides for your agency.',
    );
    expect(screen.getByRole('link', { name: 'club-gr@example.com' }).getAttribute('href')).toBe(
      'mailto:club-gr@example.com',
    );
  });

  it('validates required fields, the email and the agree box before posting', async () => {
    const calls = fakeAgencyApi();
    renderMembershipScreen(<AgencyOptInScreen page={page('agency-opt-in')} />);
    await screen.findByLabelText('First name');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Opt in' }));
    const firstName = screen.getByLabelText('First name');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(
      (firstName.getAttribute('aria-describedby') ?? '').split(' ').pop() ?? '',
    );
    expect(error?.textContent).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please agree to take part in the club.')).toBeTruthy();
    expect(calls.some((call) => isState(call, 'POST'))).toBe(false);
  });

  it('posts the values with s and c and goes to the opt-in success page', async () => {
    const calls = fakeAgencyApi();
    renderMembershipScreen(<AgencyOptInScreen page={page('agency-opt-in')} />, {
      path: '/eng/agency/opt-in',
    });
    await screen.findByLabelText('First name');
    const user = await fillCommon();
    await user.click(screen.getByLabelText(/I agree/));
    await user.click(screen.getByRole('button', { name: 'Opt in' }));
    await waitFor(() => expect(location()).toBe('/eng/agency-successfully-opt-in'));
    const post = calls.find((call) => isState(call, 'POST'));
    expect(post?.body.get('s')).toBe(link.s);
    expect(post?.body.get('c')).toBe(link.c);
    expect(post?.body.get('firstName')).toBe('Eleni');
    expect(post?.body.get('lastName')).toBe('Papadopoulou');
    expect(post?.body.get('email')).toBe('eleni@example.com');
    expect(post?.body.get('agree')).toBe('true');
  });

  it('puts validationMessages on their fields and officeId in the alert list', async () => {
    fakeAgencyApi({
      post: {
        validationMessages: { email: ['Unknown email'], officeId: ['The link was used already'] },
      },
    });
    renderMembershipScreen(<AgencyOptInScreen page={page('agency-opt-in')} />);
    await screen.findByLabelText('First name');
    const user = await fillCommon();
    await user.click(screen.getByLabelText(/I agree/));
    await user.click(screen.getByRole('button', { name: 'Opt in' }));
    expect(await screen.findByText('Unknown email')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('The link was used already');
    expect(location()).toBe('/eng');
  });

  it('Cancel goes home', async () => {
    fakeAgencyApi();
    renderMembershipScreen(<AgencyOptInScreen page={page('agency-opt-in')} />, {
      path: '/eng/agency-opt-in',
    });
    await screen.findByLabelText('First name');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/eng'));
  });
});

describe('agency opt-out page (spec 2 §2.4)', () => {
  it('says what leaving changes, asks to confirm, has an optional comment, and goes to the opt-out success page', async () => {
    const calls = fakeAgencyApi({
      purpose: 'opt-out',
      post: { officeId: 'ATHGR2100', active: false },
    });
    renderMembershipScreen(<AgencyOptOutScreen page={page('agency-opt-out')} />, {
      path: '/eng/agency/opt-out',
    });
    expect(await screen.findByDisplayValue('Acropolis Travel')).toBeTruthy();
    expect(screen.getByText(/its agents can no longer register with this office ID/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Agency opt-out');
    const user = await fillCommon();
    await user.type(screen.getByLabelText('Comment (optional)'), 'We are closing');
    // Not without the confirmation.
    await user.click(screen.getByRole('button', { name: 'Opt out' }));
    expect(
      await screen.findByText('Please confirm that your agency leaves the club.'),
    ).toBeTruthy();
    expect(calls.some((call) => isState(call, 'POST'))).toBe(false);
    await user.click(screen.getByLabelText('I confirm that my agency leaves the club.'));
    await user.click(screen.getByRole('button', { name: 'Opt out' }));
    await waitFor(() => expect(location()).toBe('/eng/agency-successfully-opt-out'));
    const post = calls.find((call) => isState(call, 'POST'));
    expect(post?.body.get('comment')).toBe('We are closing');
    expect(post?.body.has('agree')).toBe(false);
    expect(post?.body.has('confirm')).toBe(false);
  });

  it('posts without a comment', async () => {
    const calls = fakeAgencyApi({ purpose: 'opt-out' });
    renderMembershipScreen(<AgencyOptOutScreen page={page('agency-opt-out')} />);
    await screen.findByLabelText('First name');
    const user = await fillCommon();
    await user.click(screen.getByLabelText('I confirm that my agency leaves the club.'));
    await user.click(screen.getByRole('button', { name: 'Opt out' }));
    await waitFor(() => expect(calls.some((call) => isState(call, 'POST'))).toBe(true));
  });

  it('requires the names and the email', async () => {
    const calls = fakeAgencyApi({ purpose: 'opt-out' });
    renderMembershipScreen(<AgencyOptOutScreen page={page('agency-opt-out')} />);
    await screen.findByLabelText('First name');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Opt out' }));
    for (const label of ['First name', 'Last name', 'Email'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Comment (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(calls.some((call) => isState(call, 'POST'))).toBe(false);
  });
});

describe('a link opened on the page of the other purpose', () => {
  it('an opt-in link on the opt-out page shows no form and leads to the opt-in page', async () => {
    const calls = fakeAgencyApi({ purpose: 'opt-in' });
    renderMembershipScreen(<AgencyOptOutScreen page={page('agency-opt-out')} />);
    expect(
      await screen.findByText(
        'This link is for taking part in the club, on the agency opt-in page.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Opt out' })).toBeNull();
    const open = screen.getByRole('link', { name: 'Open the agency opt-in page' });
    expect(open.getAttribute('href')).toBe(`/eng/agency-opt-in?s=${link.s}&c=${link.c}`);
    expect(calls.some((call) => isState(call, 'POST'))).toBe(false);
  });

  it('an opt-out link on the opt-in page leads to the opt-out page', async () => {
    fakeAgencyApi({ purpose: 'opt-out' });
    renderMembershipScreen(<AgencyOptInScreen page={page('agency-opt-in')} />);
    expect(
      await screen.findByText('This link is for leaving the club, on the agency opt-out page.'),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Open the agency opt-out page' }).getAttribute('href'),
    ).toBe(`/eng/agency-opt-out?s=${link.s}&c=${link.c}`);
  });
});

describe('agency success pages (built locally)', () => {
  it('opt-in success shows the agencySuccessfullyOptIn text', async () => {
    fakeAgencyApi({ texts: { agencySuccessfullyOptIn: '<p><strong>Welcome</strong> aboard</p>' } });
    renderMembershipScreen(
      <AgencySuccessfullyOptInScreen page={page('agency-successfully-opt-in', {})} />,
    );
    expect(await screen.findByText('Welcome')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('aboard');
  });

  it('opt-in success falls back to a thank-you when the text fails', async () => {
    fakeAgencyApi();
    renderMembershipScreen(
      <AgencySuccessfullyOptInScreen page={page('agency-successfully-opt-in', {})} />,
    );
    expect(
      await screen.findByText(/Thank you! .*agents can register and start earning points/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/eng',
    );
  });

  it('opt-out success confirms', () => {
    fakeAgencyApi();
    renderMembershipScreen(
      <AgencySuccessfullyOptOutScreen page={page('agency-successfully-opt-out', {})} />,
    );
    expect(screen.getByRole('status').textContent).toContain('no longer takes part');
    expect(AgencySuccessfullyOptOutScreen.pageTitle?.({})).toBe('Your agency has left the club');
    expect(AgencySuccessfullyOptInScreen.pageTitle?.({ 'agency.successOptInTitle': 'Bravo' })).toBe(
      'Bravo',
    );
  });
});
