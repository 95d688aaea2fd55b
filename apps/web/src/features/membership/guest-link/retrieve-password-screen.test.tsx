import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiData,
  apiError,
  makePage,
  renderMembershipScreen,
  stubApi,
} from '../../../testing/membership-test-utils';
import { makeClientLayout } from '../../../testing/render-screen';
import { isPageForm } from '../testing/page-form';
import { RetrievePasswordScreen } from './guest-link-screens';

afterEach(() => vi.unstubAllGlobals());

const page = makePage('retrieve-password', {});

async function send(email: string) {
  const user = userEvent.setup();
  renderMembershipScreen(<RetrievePasswordScreen page={page} />);
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send the link' }));
  return user;
}

describe('retrieve password (spec 1 §2)', () => {
  it('posts the email and tells that a link arrives within minutes', async () => {
    const calls = stubApi((call) =>
      isPageForm(call, 'retrieve-password') ? apiData({ sent: true }) : undefined,
    );
    await send('agent@example.com');
    await screen.findByText(/arrives within a few minutes/);
    expect(calls.find((call) => isPageForm(call, 'retrieve-password'))?.body.get('email')).toBe(
      'agent@example.com',
    );
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('shows a 400 message on the email field', async () => {
    stubApi((call) =>
      isPageForm(call, 'retrieve-password')
        ? apiError(400, 'VALIDATION_FAILED', { email: 'Max length exceeded', requestId: 'r' })
        : undefined,
    );
    await send('agent@example.com');
    await screen.findByText('Max length exceeded');
  });

  it('shows the generic error when the server fails, and the form stays', async () => {
    stubApi((call) =>
      isPageForm(call, 'retrieve-password') ? apiError(503, 'SERVICE_UNAVAILABLE') : undefined,
    );
    await send('agent@example.com');
    expect((await screen.findByTestId('errors')).textContent).toBe(
      'Some server or network problems, please try again later',
    );
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Send the link' }).getAttribute('aria-busy'),
    ).toBeNull();
  });

  it("words the generic error in the page's language", async () => {
    stubApi((call) =>
      isPageForm(call, 'retrieve-password') ? apiError(503, 'SERVICE_UNAVAILABLE') : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(<RetrievePasswordScreen page={page} />, {
      layout: makeClientLayout({
        dictionary: { 'error.submitFailed': 'Πρόβλημα στον διακομιστή ή στο δίκτυο' },
      }),
    });
    await user.type(screen.getByLabelText('Email'), 'agent@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByTestId('errors')).textContent).toBe(
      'Πρόβλημα στον διακομιστή ή στο δίκτυο',
    );
  });

  it('does not post an invalid email and shows its message', async () => {
    const calls = stubApi();
    await send('not-an-email');
    expect(screen.getByText('Wrong format, e.g. name@example.com')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
