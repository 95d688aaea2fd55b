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
import { RestoreScreen } from './guest-link-screens';

afterEach(() => vi.unstubAllGlobals());

const page = makePage('restore', {});

async function send(email: string, number: string) {
  const user = userEvent.setup();
  renderMembershipScreen(<RestoreScreen page={page} />);
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Member number'), number);
  await user.click(screen.getByRole('button', { name: 'Restore my account' }));
}

describe('restore account (spec 1 §2)', () => {
  it('reads the email and the member number left to right on right-to-left pages too', () => {
    stubApi();
    renderMembershipScreen(<RestoreScreen page={page} />);
    expect(screen.getByLabelText('Email').getAttribute('dir')).toBe('ltr');
    expect(screen.getByLabelText('Member number').getAttribute('dir')).toBe('ltr');
  });

  it('posts email and number and shows that the restore link was sent', async () => {
    const calls = stubApi((call) =>
      isPageForm(call, 'restore')
        ? apiData({ restoreLinkSent: true, errorMessageList: [], alreadyRestored: false })
        : undefined,
    );
    await send('agent@example.com', ' 100200300 ');
    await screen.findByText(/a link to restore it is on its way/);
    const post = calls.find((call) => isPageForm(call, 'restore'));
    expect(post?.body.get('email')).toBe('agent@example.com');
    expect(post?.body.get('number')).toBe('100200300');
  });

  it('lists errors under "Invalid data"', async () => {
    stubApi((call) =>
      isPageForm(call, 'restore')
        ? apiData({
            restoreLinkSent: false,
            errorMessageList: [{ errorMessage: 'Unknown account' }],
            alreadyRestored: false,
          })
        : undefined,
    );
    await send('agent@example.com', '1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid dataUnknown account');
    expect(alert.className).toContain('alert--danger');
  });

  it('shows the list in success style when the account is already restored', async () => {
    stubApi((call) =>
      isPageForm(call, 'restore')
        ? apiData({
            restoreLinkSent: false,
            errorMessageList: [{ errorMessage: 'Already restored!' }],
            alreadyRestored: true,
          })
        : undefined,
    );
    await send('agent@example.com', '1');
    const status = await screen.findByText('Invalid data');
    expect(status.closest('.alert')?.className).toContain('alert--success');
  });

  it('puts validationMessages on the fields', async () => {
    stubApi((call) =>
      isPageForm(call, 'restore')
        ? apiData({ validationMessages: { number: ['Only numbers are allowed'] } })
        : undefined,
    );
    await send('agent@example.com', '1');
    await screen.findByText('Only numbers are allowed');
  });

  it('has Cancel to login', () => {
    stubApi();
    renderMembershipScreen(<RestoreScreen page={page} />);
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/eng/login');
  });
});
