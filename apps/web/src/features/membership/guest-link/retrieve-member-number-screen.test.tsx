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
import { RetrieveMemberNumberScreen } from './guest-link-screens';

afterEach(() => vi.unstubAllGlobals());

const page = makePage('retrieve-member-number', {}, { title: '' });

describe('forgot your member number', () => {
  it('posts the email and tells that the number arrives within minutes, whoever asked', async () => {
    const calls = stubApi((call) =>
      isPageForm(call, 'retrieve-member-number') ? apiData({ sent: true }) : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(<RetrieveMemberNumberScreen page={page} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Forgot your member number?',
    );
    await user.type(screen.getByLabelText('Email'), 'agent@example.com');
    await user.click(screen.getByRole('button', { name: 'Send my member number' }));
    await screen.findByText(/your member number arrives within a few minutes/);
    expect(
      calls.find((call) => isPageForm(call, 'retrieve-member-number'))?.body.get('email'),
    ).toBe('agent@example.com');
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('offers Cancel back to login', () => {
    stubApi();
    renderMembershipScreen(<RetrieveMemberNumberScreen page={page} />);
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toMatch(/login$/);
  });
});
