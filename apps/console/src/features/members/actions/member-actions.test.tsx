import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Staff } from '@club/contract/staff';
import type { MemberActionState } from '@club/contract/staff-member-actions';
import type { ReactNode } from 'react';
import { StaffSessionProvider, useStaffSession } from '../../../lib/staff-session';
import { MemberActions } from './member-actions';

const activeMember: MemberActionState = {
  number: '9000002',
  countryCode: 'at',
  status: 'active',
  isAmadeusDirectUser: false,
  acceptedCurrentTerms: true,
  acceptedTermsVersion: '1',
  currentTermsVersion: '1',
  loginFailures: 0,
  loginBlockedUntil: null,
  openSessions: 1,
  deletedAt: null,
  restorableUntil: null,
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Call = { method: string; url: string; body: string | undefined };

/** A fetch that answers the session, the action state, and the actions as `respond` says. */
function mockServer(
  staff: Staff,
  state: MemberActionState,
  respond: (call: Call) => Response = () => answer(200, { data: state }),
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url, body: init?.body as string | undefined };
    if (url === '/s2c/staff/v1/session') return Promise.resolve(answer(200, { data: staff }));
    calls.push(call);
    if (url.endsWith('/actions')) return Promise.resolve(answer(200, { data: state }));
    return Promise.resolve(respond(call));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const manager: Staff = { email: 'manager.at@example.com', role: 'manager', countries: ['at'] };

/** As in the console's shell: screens render once the session is checked. */
function OnceSignedIn({ children }: { children: ReactNode }) {
  return useStaffSession().state.kind === 'signed-in' ? children : null;
}

function renderActions(onChanged = vi.fn()) {
  sessionStorage.setItem('staff-token', 'stf_token');
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <StaffSessionProvider>
        <OnceSignedIn>
          <MemberActions number="9000002" onChanged={onChanged} />
        </OnceSignedIn>
      </StaffSessionProvider>
    </QueryClientProvider>,
  );
  return onChanged;
}

beforeEach(() => {
  // happy-dom's <dialog> lacks showModal in some versions: open it as a plain dialog then.
  if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
    Object.assign(HTMLDialogElement.prototype, {
      showModal(this: HTMLDialogElement) {
        this.setAttribute('open', '');
      },
      close(this: HTMLDialogElement) {
        this.removeAttribute('open');
      },
    });
  }
});
afterEach(() => vi.unstubAllGlobals());

describe('the member actions', () => {
  it('shows only the actions that apply to an active member', async () => {
    mockServer(manager, activeMember);
    renderActions();
    await screen.findByRole('button', { name: 'End sessions' });
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual([
      'End sessions',
      'Mark as direct-access user',
      'Require terms again',
      'Delete account',
      'Export data (JSON)',
    ]);
  });

  it('shows resend for a pending member, and restore (not delete) for a deleted one', async () => {
    mockServer(manager, { ...activeMember, status: 'pending', openSessions: 0 });
    renderActions();
    expect(await screen.findByRole('button', { name: 'Resend confirmation mail' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Restore account' })).toBeNull();
  });

  it('offers a deleted member only restore and the export', async () => {
    mockServer(manager, {
      ...activeMember,
      status: 'deleted',
      openSessions: 0,
      deletedAt: '2026-03-01T00:00:00.000Z',
      restorableUntil: '2026-03-31T00:00:00.000Z',
    });
    renderActions();
    await screen.findByRole('button', { name: 'Restore account' });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Restore account',
      'Export data (JSON)',
    ]);
  });

  it('is not shown to support staff', async () => {
    const calls = mockServer(
      { email: 's@example.com', role: 'support', countries: ['at'] },
      activeMember,
    );
    renderActions();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('heading', { name: 'Account actions' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks for a reason before deleting, then says it is done and hides delete', async () => {
    const calls = mockServer(manager, activeMember, () =>
      answer(200, { data: { ...activeMember, status: 'deleted', openSessions: 0 } }),
    );
    const onChanged = renderActions();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete account: member 9000002' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Give a reason')).toBeDefined();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect((await screen.findByRole('status')).textContent).toContain('Account deleted.');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/s2c/staff/v1/members/9000002/delete');
    expect(new URLSearchParams(post?.body).get('reason')).toBe('Asked by phone');
    expect(onChanged).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore account' })).toBeDefined();
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    mockServer(manager, activeMember, () =>
      answer(409, { code: 'CONFLICT', data: { member: 'The member has no open session' } }),
    );
    renderActions();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End sessions' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The member has no open session',
    );
  });

  it('sends the direct-access mark with its reason', async () => {
    const calls = mockServer(manager, activeMember, () =>
      answer(200, { data: { ...activeMember, isAmadeusDirectUser: true } }),
    );
    renderActions();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as direct-access user' }));
    await user.type(screen.getByLabelText('Reason'), 'Direct product');
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', {
        name: 'Mark as direct-access user',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Unmark direct-access user' })).toBeDefined();
    const body = new URLSearchParams(calls.find((call) => call.method === 'POST')?.body);
    expect(body.get('isAmadeusDirectUser')).toBe('true');
    expect(body.get('reason')).toBe('Direct product');
  });
});
