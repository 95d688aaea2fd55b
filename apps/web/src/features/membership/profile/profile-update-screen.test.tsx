import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStoredValue } from '../../../lib/client-storage';
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
import { ProfileUpdateScreen } from './profile-update-screen';

afterEach(() => vi.unstubAllGlobals());

const page = makePage('profile-update', {
  personTitles: [
    { code: 'mr', title: 'Mr' },
    { code: 'ms', title: 'Ms' },
  ],
  phoneCodeLocalized: '+30',
});

const isAgent = (call: ApiCall, method: string) =>
  call.method === method && call.path === '/s2c/auth/v1/agents/7';

describe('profile update (spec 1 §2, §4)', () => {
  it('checks the user again on open and fills the form, with the read-only fields', async () => {
    writeStoredValue('userId', '7');
    writeStoredValue('token', 'tok-1');
    const fresh = makeUser({ email: 'fresh@example.com', phone: '+30 2109999999' });
    const calls = stubApi((call) => (isAgent(call, 'GET') ? apiData(fresh) : undefined));
    renderMembershipScreen(<ProfileUpdateScreen page={page} />, { user: makeUser() });
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('fresh@example.com'),
    );
    // The app's startup check, then the screen's own check on open.
    expect(calls.filter((call) => isAgent(call, 'GET'))).toHaveLength(2);
    for (const [label, value] of [
      ['Member number', '100200300'],
      ['First name', 'Eleni'],
      ['Last name', 'Papadopoulou'],
      ['Office ID', 'ATHGR2100'],
      ['Agency', 'Acropolis Travel'],
      ['Address', '10558 Ermou 10, Athens'],
    ]) {
      const field = screen.getByLabelText<HTMLInputElement>(label as string);
      expect(field.value).toBe(value);
      expect(field.readOnly).toBe(true);
    }
    // Codes, the email and the phone read left to right on right-to-left pages too.
    for (const label of ['Member number', 'Office ID', 'Email', 'Phone'])
      expect(screen.getByLabelText(label).getAttribute('dir'), label).toBe('ltr');
    expect(screen.getByLabelText('First name').hasAttribute('dir')).toBe(false);
    expect(screen.getByLabelText<HTMLSelectElement>('Title').value).toBe('ms');
    expect(screen.getByLabelText<HTMLSelectElement>('Month').value).toBe('03');
    const phone = screen.getByLabelText('Phone');
    const described = (phone.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['(optional)', 'Start with the country code +30']);
    expect(screen.queryByLabelText('Sign (first 4 digits)')).toBeNull();
  });

  it('saves the changes, shows the success alert and passes the user on', async () => {
    writeStoredValue('userId', '7');
    writeStoredValue('token', 'tok-1');
    const saved = makeUser({ giftDeliveryAddress: 'Stadiou 5, Athens' });
    const calls = stubApi((call) => {
      if (isAgent(call, 'GET')) return apiData(makeUser());
      if (isAgent(call, 'PUT')) return apiData(saved);
      return undefined;
    });
    const user = userEvent.setup();
    renderMembershipScreen(<ProfileUpdateScreen page={page} />, { user: makeUser() });
    await waitFor(() => expect(calls.some((call) => isAgent(call, 'GET'))).toBe(true));
    await user.type(screen.getByLabelText('Gift delivery address'), 'Stadiou 5, Athens');
    await user.click(screen.getByLabelText('I would like to receive the newsletter'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your details have been updated.');
    const put = calls.find((call) => isAgent(call, 'PUT'));
    expect(put?.body.get('giftDeliveryAddress')).toBe('Stadiou 5, Athens');
    expect(put?.body.get('newsletter')).toBe('true');
    expect(put?.body.get('password')).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Gift delivery address').value).toBe(
      'Stadiou 5, Athens',
    );
  });

  it('announces the saved message in a live region that was there before, by the Save button, brought into view', async () => {
    writeStoredValue('userId', '7');
    writeStoredValue('token', 'tok-1');
    stubApi((call) => {
      if (isAgent(call, 'GET') || isAgent(call, 'PUT')) return apiData(makeUser());
      return undefined;
    });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const user = userEvent.setup();
    renderMembershipScreen(<ProfileUpdateScreen page={page} />, { user: makeUser() });
    // Present and empty: a live region that appears with its text is often not read out.
    const status = document.querySelector<HTMLElement>('.profile-outcome')!;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status.textContent).toBe('Your details have been updated.'));
    expect(status.nextElementSibling?.contains(screen.getByRole('button', { name: 'Save' }))).toBe(
      true,
    );
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
    expect(scrolled.mock.contexts.at(-1)).toBe(status);
  });

  it('shows the server message of too many new emails on the email field', async () => {
    writeStoredValue('userId', '7');
    stubApi((call) => {
      if (isAgent(call, 'GET')) return apiData(makeUser());
      if (isAgent(call, 'PUT'))
        return apiError(429, 'TOO_MANY_REQUESTS', {
          email: 'Too many attempts. Please try again in a few minutes.',
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderMembershipScreen(<ProfileUpdateScreen page={page} />, { user: makeUser() });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Too many attempts. Please try again in a few minutes.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Your details have been updated.')).toBeNull();
  });

  it('has the sign field in Austria', () => {
    stubApi();
    renderMembershipScreen(<ProfileUpdateScreen page={page} />, {
      user: makeUser({ countryCode: 'at' }),
      layout: makeClientLayout({ countryCode: 'at' }),
    });
    expect(screen.getByLabelText('Sign (first 4 digits)')).toBeTruthy();
  });

  describe('the current password, for a new password or email', () => {
    /** The screen, once its check on open has filled the form (the phone shows the fresh user). */
    const open = async (put: (call: ApiCall) => Response | undefined) => {
      writeStoredValue('userId', '7');
      writeStoredValue('token', 'tok-1');
      const calls = stubApi((call) => {
        if (isAgent(call, 'GET')) return apiData(makeUser({ phone: '+30 2109999999' }));
        if (isAgent(call, 'PUT')) return put(call);
        return undefined;
      });
      renderMembershipScreen(<ProfileUpdateScreen page={page} />, { user: makeUser() });
      await waitFor(() =>
        expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('+30 2109999999'),
      );
      return calls;
    };

    it('is asked for only once the email or the password changes', async () => {
      await open(() => apiData(makeUser()));
      const user = userEvent.setup();
      const email = screen.getByLabelText('Email');
      expect(screen.queryByLabelText('Current password')).toBeNull();
      await user.type(email, 'x');
      expect(screen.getByLabelText('Current password').getAttribute('autocomplete')).toBe(
        'current-password',
      );
      await user.type(email, '{Backspace}');
      expect(screen.queryByLabelText('Current password')).toBeNull();
      await user.type(screen.getByLabelText('New password'), 'brandnew42');
      expect(screen.getByLabelText('Current password')).toBeTruthy();
    });

    it("blocks the submit without it, with the spec's messages, and sends nothing", async () => {
      const calls = await open(() => apiData(makeUser()));
      const user = userEvent.setup();
      const email = screen.getByLabelText('Email');
      await user.clear(email);
      await user.type(email, 'new.address@example.com');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      const field = screen.getByLabelText('Current password');
      expect(await screen.findByText('Field is required')).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
      await user.type(field, 'abc');
      expect(await screen.findByText('Minimum 6 characters, maximum 20 characters')).toBeTruthy();
      expect(calls.some((call) => isAgent(call, 'PUT'))).toBe(false);
    });

    it('sends it with a new email, and tells that the email changes once its link is opened', async () => {
      const current = makeUser().email;
      // The server keeps the current email until the mailed link is followed.
      const calls = await open(() => apiData(makeUser()));
      const user = userEvent.setup();
      const email = screen.getByLabelText('Email');
      await user.clear(email);
      await user.type(email, 'new.address@example.com');
      await user.type(screen.getByLabelText('Current password'), 'secret123');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      const wanted = `We have sent a link to new.address@example.com. Your email address changes when you open it; until then we keep writing to ${current}.`;
      const notice = await screen.findByText(
        (_, element) => element?.tagName === 'P' && element.textContent === wanted,
      );
      expect(notice.closest('[role="status"]')).not.toBeNull();
      // Both addresses read left to right inside the sentence, in any page direction.
      for (const address of ['new.address@example.com', current])
        expect(within(notice).getByText(address).getAttribute('dir'), address).toBe('ltr');
      const put = calls.find((call) => isAgent(call, 'PUT'));
      expect(put?.body.get('email')).toBe('new.address@example.com');
      expect(put?.body.get('oldPassword')).toBe('secret123');
      expect(put?.body.has('currentEmail')).toBe(false);
      // The form shows the email in force again, and asks for no password.
      expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe(current);
      expect(screen.queryByLabelText('Current password')).toBeNull();
    });

    it('sends an empty one when neither changes, even after one was typed', async () => {
      const calls = await open(() => apiData(makeUser()));
      const user = userEvent.setup();
      const password = screen.getByLabelText('New password');
      await user.type(password, 'a');
      await user.type(screen.getByLabelText('Current password'), 'secret123');
      await user.clear(password);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByText('Your details have been updated.');
      const put = calls.find((call) => isAgent(call, 'PUT'));
      expect(put?.body.get('oldPassword')).toBe('');
      expect(screen.queryByText(/We have sent a link/)).toBeNull();
    });

    it.each([
      [400, 'VALIDATION_FAILED', 'Invalid Password'],
      [429, 'TOO_MANY_REQUESTS', 'Too many attempts. Please try again in a few minutes.'],
    ])('shows the server answer %i on its field', async (status, code, message) => {
      await open(() => apiError(status, code, { oldPassword: message, requestId: 'r1' }));
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('New password'), 'brandnew42');
      await user.type(screen.getByLabelText('Repeat the password'), 'brandnew42');
      await user.type(screen.getByLabelText('Current password'), 'wrong1pass');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByText('Your details have been updated.')).toBeNull();
    });
  });
});
