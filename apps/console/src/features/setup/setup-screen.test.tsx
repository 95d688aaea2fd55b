import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const offer = {
  email: 'new@example.com',
  role: 'support',
  countries: ['at'],
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  totpUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

describe('the setup screen', () => {
  it('works without a session: shows the key grouped and as a QR code, checks the passwords, then offers the login', async () => {
    window.history.pushState({}, '', '/staff/setup?token=stf_abc');
    const fetchMock = vi.fn((url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST' ? answer(200, { data: null }) : answer(200, { data: offer }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<App />);
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeDefined();
    expect(screen.getByRole('img', { name: /QR code/ })).toBeDefined();
    expect(fetchMock).toHaveBeenCalledWith('/s2c/staff/v1/setup?token=stf_abc', expect.anything());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'a long staff passphrase');
    await user.type(screen.getByLabelText('Repeat the password'), 'a different passphrase');
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(await screen.findByText('The two passwords differ')).toBeDefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'a long staff passphrase');
    await user.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeDefined();
    const [, init] = fetchMock.mock.calls[1]!;
    expect(init?.body).toBe('token=stf_abc&password=a+long+staff+passphrase&code=123456');
  });

  it('shows the server’s refusal of the code under its field', async () => {
    window.history.pushState({}, '', '/staff/setup?token=stf_abc');
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        Promise.resolve(
          init?.method === 'POST'
            ? answer(400, { code: 'VALIDATION_FAILED', data: { code: 'This code does not match' } })
            : answer(200, { data: offer }),
        ),
      ),
    );
    render(<App />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'a long staff passphrase');
    await user.type(screen.getByLabelText('Repeat the password'), 'a long staff passphrase');
    await user.type(screen.getByLabelText('Code from your authenticator app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(await screen.findByText('This code does not match')).toBeDefined();
  });

  it('says a dead link does not work', async () => {
    window.history.pushState({}, '', '/staff/setup?token=stf_used');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(404, { code: 'NOT_FOUND', data: null }))),
    );
    render(<App />);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('This setup link does not work'),
    );
  });
});
