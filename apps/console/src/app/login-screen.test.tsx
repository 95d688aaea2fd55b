import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the console login', () => {
  it('checks the fields before sending, then signs in with the answered token', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        answer(200, {
          data: {
            token: 'stf_token',
            staff: { email: 'm@example.com', role: 'manager', countries: ['at'] },
          },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<App />);
    // The login screen is a chunk of its own: it shows once loaded.
    await screen.findByRole('heading', { name: 'Staff console' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your email')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Email'), 'm@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeDefined();
    expect(sessionStorage.getItem('staff-token')).toBe('stf_token');
    expect(screen.getByText('manager of AT', { exact: false })).toBeDefined();
  });

  it('says the same for every refused factor', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(401, { code: 'UNAUTHORIZED', data: {} }))),
    );
    render(<App />);
    // The login screen is a chunk of its own: it shows once loaded.
    await screen.findByRole('heading', { name: 'Staff console' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'm@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Email, password or code is not right',
    );
  });
});
