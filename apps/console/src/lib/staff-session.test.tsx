import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaffSessionProvider, startSessionCheck, useStaffSession } from './staff-session';

const manager = { email: 'manager.at@example.com', role: 'manager', countries: ['at'] };

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function SessionState() {
  const { state } = useStaffSession();
  return <p>{state.kind === 'signed-in' ? `Signed in as ${state.staff.email}` : state.kind}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the session check', () => {
  it('starts before the first render, and the provider reads that check instead of a second', async () => {
    sessionStorage.setItem('staff-token', 'stf_token');
    const fetchMock = vi.fn(() => Promise.resolve(answer(200, { data: manager })));
    vi.stubGlobal('fetch', fetchMock);

    startSessionCheck();
    expect(fetchMock).toHaveBeenCalledOnce();
    render(
      <StaffSessionProvider>
        <SessionState />
      </StaffSessionProvider>,
    );
    expect(await screen.findByText('Signed in as manager.at@example.com')).toBeDefined();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('starts nothing without a staff token', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    startSessionCheck();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs out when the early check is refused', async () => {
    sessionStorage.setItem('staff-token', 'stf_ended');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(401, { error: { status: 401, message: 'Log in' } }))),
    );
    startSessionCheck();
    render(
      <StaffSessionProvider>
        <SessionState />
      </StaffSessionProvider>,
    );
    expect(await screen.findByText('signed-out')).toBeDefined();
    expect(sessionStorage.getItem('staff-token')).toBeNull();
  });
});
