import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiData,
  makePage,
  renderMembershipScreen,
  stubApi,
} from '../../../testing/membership-test-utils';
import { isPageForm } from '../testing/page-form';
import { ReconfirmScreen } from './guest-link-screens';

afterEach(() => vi.unstubAllGlobals());

const page = makePage('reconfirm', {});

async function send(email: string) {
  const user = userEvent.setup();
  renderMembershipScreen(<ReconfirmScreen page={page} />);
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send the link' }));
}

describe('reconfirm (spec 1 §2)', () => {
  it('posts the email and shows that a new link is on its way', async () => {
    const calls = stubApi((call) =>
      isPageForm(call, 'reconfirm')
        ? apiData({ emailReconfirmed: true, alreadyActivated: false, errorMessages: [] })
        : undefined,
    );
    await send('agent@example.com');
    await screen.findByText(/a new confirmation link is on its way/);
    expect(calls.find((call) => isPageForm(call, 'reconfirm'))?.body.get('email')).toBe(
      'agent@example.com',
    );
  });

  it('invites an already activated member to log in', async () => {
    stubApi((call) =>
      isPageForm(call, 'reconfirm')
        ? apiData({ emailReconfirmed: false, alreadyActivated: true, errorMessages: [] })
        : undefined,
    );
    await send('agent@example.com');
    await screen.findByText('Your account is already active. Please log in.');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/eng/login');
  });

  it('lists the errorMessages of the answer', async () => {
    stubApi((call) =>
      isPageForm(call, 'reconfirm')
        ? apiData({
            emailReconfirmed: false,
            alreadyActivated: false,
            errorMessages: ['Try later'],
          })
        : undefined,
    );
    await send('agent@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('Try later');
  });

  it('puts validationMessages on the email field', async () => {
    stubApi((call) =>
      isPageForm(call, 'reconfirm')
        ? apiData({ validationMessages: { email: ['Wrong format, e.g. name@example.com'] } })
        : undefined,
    );
    await send('agent@example.com');
    await screen.findByText('Wrong format, e.g. name@example.com');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});
