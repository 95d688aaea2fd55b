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
    expect(await screen.findByText('Waiting for setup')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('http://localhost/staff/setup?token=stf_new')).toBeNull();
  });
});
