import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import type { Staff } from '@club/contract/staff';
import type { StaffTaxDetails } from '@club/contract/tax-details';
import { StaffSessionProvider, useStaffSession } from '../../../lib/staff-session';
import { MemberTaxDetails } from './member-tax-details';

afterEach(() => vi.unstubAllGlobals());

const sent: StaffTaxDetails = {
  number: '9000002',
  countryCode: 'at',
  taxOk: false,
  state: 'sent',
  fields: [
    { name: 'taxNumber', kind: 'code', maxLength: 11, optional: false },
    { name: 'taxOffice', kind: 'text', maxLength: 100, optional: false },
  ],
  values: { taxNumber: '12-345/6789', taxOffice: 'Wien 1/23' },
  reason: null,
  sentAt: '2030-06-01T09:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { method: string; url: string; body: string | undefined };

function mockServer(staff: Staff, respond: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/s2c/staff/v1/session') return Promise.resolve(answer(200, { data: staff }));
      const call = { method: init?.method ?? 'GET', url, body: init?.body as string | undefined };
      calls.push(call);
      if (call.method === 'GET') return Promise.resolve(answer(200, { data: sent }));
      return Promise.resolve(respond(call));
    }),
  );
  return calls;
}

function OnceSignedIn({ children }: { children: ReactNode }) {
  return useStaffSession().state.kind === 'signed-in' ? children : null;
}

function renderSection() {
  sessionStorage.setItem('staff-token', 'stf_token');
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <StaffSessionProvider>
        <OnceSignedIn>
          <MemberTaxDetails number="9000002" />
        </OnceSignedIn>
      </StaffSessionProvider>
    </QueryClientProvider>,
  );
}

const manager: Staff = { email: 'manager.at@example.com', role: 'manager', countries: ['at'] };
const support: Staff = { email: 'support.at@example.com', role: 'support', countries: ['at'] };

describe('the member view’s tax details', () => {
  it('shows what the member sent; a manager refuses only with a reason, which is sent', async () => {
    const calls = mockServer(manager, () =>
      answer(200, {
        data: {
          ...sent,
          state: 'refused',
          reason: 'Wrong office',
          decidedBy: manager.email,
          decidedAt: '2030-06-02T09:00:00.000Z',
        },
      }),
    );
    renderSection();
    expect(await screen.findByText('Sent, waiting for a decision')).toBeTruthy();
    expect(screen.getByText('12-345/6789')).toBeTruthy();
    expect(screen.getByText('Wien 1/23')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refuse tax details' }));
    expect(screen.getByRole('alert').textContent).toContain('Say why');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Wrong office');
    await user.click(screen.getByRole('button', { name: 'Refuse tax details' }));
    expect(await screen.findByText('Refused')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/s2c/staff/v1/members/9000002/tax-details/decision');
    expect(Object.fromEntries(new URLSearchParams(post.body))).toEqual({
      decision: 'refuse',
      reason: 'Wrong office',
    });
    expect(screen.getByText(/Decided by manager\.at@example\.com/).textContent).toContain(
      'Wrong office',
    );
    expect(screen.queryByRole('button', { name: 'Confirm tax details' })).toBeNull();
  });

  it('says so when someone else decided first', async () => {
    mockServer(manager, () => answer(409, { code: 'CONFLICT', data: {} }));
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm tax details' }));
    expect((await screen.findByRole('alert')).textContent).toContain('decided already');
  });

  it('support reads, and has no decision to make', async () => {
    mockServer(support, () => answer(403, {}));
    renderSection();
    expect(await screen.findByText('12-345/6789')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm tax details' })).toBeNull();
  });
});
