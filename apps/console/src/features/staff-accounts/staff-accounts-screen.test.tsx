import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const me = { email: 'admin@example.com', role: 'admin', countries: [] };
const account = (email: string, state = 'set-up') => ({
  id: email.length,
  email,
  role: 'support',
  countries: ['at'],
  state,
  createdAt: '2026-11-20T07:00:00.000Z',
  failedLogins: 0,
  loginBlockedUntil: null as string | null,
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  window.history.pushState({}, '', '/');
});

describe('the Staff area', () => {
  it('shows a refusal under its field, then the setup link of the added account once', async () => {
    sessionStorage.setItem('staff-token', 'stf_admin');
    window.history.pushState({}, '', '/staff/staff');
    let added = false;
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/s2c/staff/v1/session') return Promise.resolve(answer(200, { data: me }));
      if (url === '/s2c/staff/v1/staff' && init?.method === 'POST') {
        const body = new URLSearchParams(String(init.body as string));
        if (body.get('countries') === 'zz') {
          return Promise.resolve(
            answer(400, { code: 'VALIDATION_FAILED', data: { countries: 'No such country: zz' } }),
          );
        }
        added = true;
        return Promise.resolve(
          answer(200, {
            data: {
              account: account('new@example.com', 'waiting-for-setup'),
              setupLink: 'http://localhost/staff/setup?token=stf_new',
              expiresAt: '2026-11-29T08:00:00.000Z',
              mailedTo: 'new@example.com',
            },
          }),
        );
      }
      const items = [
        account('admin@example.com'),
        ...(added ? [account('new@example.com', 'waiting-for-setup')] : []),
      ];
      return Promise.resolve(answer(200, { data: { items } }));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<App />);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Staff accounts' });
    // The admin's own row offers no actions.
    expect(
      within(screen.getByRole('row', { name: /admin@example.com/ })).queryAllByRole('button'),
    ).toEqual([]);
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'support');
    await user.type(screen.getByLabelText('Countries'), 'zz');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('No such country: zz')).toBeDefined();
    await user.clear(screen.getByLabelText('Countries'));
    await user.type(screen.getByLabelText('Countries'), 'at');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('http://localhost/staff/setup?token=stf_new')).toBeDefined();
    expect(
      screen.getByText(/it was mailed to new@example.com\. It is shown here only once/),
    ).toBeDefined();
    expect(await screen.findByText('Waiting for setup')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('http://localhost/staff/setup?token=stf_new')).toBeNull();
  });

  it("shows an account's failed logins and clears its backoff", async () => {
    sessionStorage.setItem('staff-token', 'stf_admin');
    window.history.pushState({}, '', '/staff/staff');
    let cleared = false;
    const attacked = () => ({
      ...account('attacked@example.com'),
      ...(cleared ? {} : { failedLogins: 7, loginBlockedUntil: '2026-11-26T08:04:16.000Z' }),
    });
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/s2c/staff/v1/session') return Promise.resolve(answer(200, { data: me }));
      if (url.endsWith('/login-unlock') && init?.method === 'POST') {
        cleared = true;
        return Promise.resolve(answer(200, { data: attacked() }));
      }
      return Promise.resolve(
        answer(200, { data: { items: [account('admin@example.com'), attacked()] } }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<App />);
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /attacked@example.com/ });
    expect(within(row).getByText('7 failed, held back until 26 Nov 2026, 08:04 UTC')).toBeDefined();
    // The account's logins, failed logins and changes are its trail in the audit log.
    expect(
      within(row)
        .getByRole('link', { name: 'Audit trail of attacked@example.com' })
        .getAttribute('href'),
    ).toBe('/staff/audit?targetType=staff&target=attacked%40example.com');
    await user.click(
      within(row).getByRole('button', { name: 'Clear failed logins of attacked@example.com' }),
    );
    expect(
      await screen.findByText(
        'The failed logins of attacked@example.com are cleared: its next login is not held back.',
      ),
    ).toBeDefined();
    const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/login-unlock'));
    expect(call?.[0]).toBe(`/s2c/staff/v1/staff/${'attacked@example.com'.length}/login-unlock`);
    expect(await within(row).findByText('No failures')).toBeDefined();
    expect(within(row).queryByRole('button', { name: /Clear failed logins/ })).toBeNull();
  });

  it('asks to confirm before disabling an account, and disables nothing on Cancel', async () => {
    sessionStorage.setItem('staff-token', 'stf_admin');
    window.history.pushState({}, '', '/staff/staff');
    let disabled = false;
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/s2c/staff/v1/session') return Promise.resolve(answer(200, { data: me }));
      if (url.endsWith('/disable') && init?.method === 'POST') {
        disabled = true;
        return Promise.resolve(answer(200, { data: account('leaving@example.com', 'disabled') }));
      }
      const leaving = account('leaving@example.com', disabled ? 'disabled' : 'set-up');
      return Promise.resolve(
        answer(200, { data: { items: [account('admin@example.com'), leaving] } }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<App />);
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /leaving@example.com/ });
    const disable = within(row).getByRole('button', { name: 'Disable leaving@example.com' });
    const posted = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/disable'));

    await user.click(disable);
    const dialog = await screen.findByRole('dialog', { name: 'Disable leaving@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posted()).toHaveLength(0);
    expect(within(row).getByText('Set up')).toBeDefined();

    await user.click(disable);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Disable leaving@example.com?' })).getByRole(
        'button',
        { name: 'Disable the account' },
      ),
    );
    expect(await within(row).findByText('Disabled')).toBeDefined();
    expect(posted()).toHaveLength(1);
  });
});
