import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffClaimDetail } from '@club/contract/claims';
import { App } from '../../app/app';

const claim: StaffClaimDetail = {
  id: 7,
  pnr: 'QQQ111',
  travelDate: '2026-11-02',
  booked: 'hotel',
  note: 'Two nights in Vienna',
  state: 'open',
  points: 0,
  reason: null,
  filedAt: '2026-11-20T09:00:00.000Z',
  decidedAt: null,
  memberNumber: '9000002',
  memberName: 'Lukas Demo',
  countryCode: 'at',
  decidedBy: null,
  booking: {
    state: 'rejected',
    reason: 'no-remark',
    memberNumber: null,
    createdOn: '2026-10-30',
    segments: [
      { kind: 'hotel', serviceDate: '2026-11-02', status: 'OK', points: 0 },
      { kind: 'air', serviceDate: '2026-11-02', status: 'OK', points: 0 },
    ],
  },
  importHistory: [
    {
      importId: 3,
      importedAt: '2026-11-03T06:00:00.000Z',
      source: 'booking-queue',
      fileName: 'POST /s2c/bookings/v1/queue',
      line: 12,
      reason: 'no-remark',
      message: 'The booking has no remark RM*AMA with your member number.',
    },
  ],
  proposedPoints: 15,
  adjustmentLimit: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

function serve(path: string, decision: (body: string) => Response) {
  const calls: { method: string; url: string; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? init.body : '';
      calls.push({ method, url, body });
      if (url === '/s2c/staff/v1/session') {
        return Promise.resolve(
          json(200, { data: { email: 'm@example.com', role: 'manager', countries: ['at'] } }),
        );
      }
      if (url.startsWith('/s2c/staff/v1/claims?')) {
        return Promise.resolve(json(200, { data: { items: [claim], total: 1 } }));
      }
      if (url === '/s2c/staff/v1/claims/7/decision') return Promise.resolve(decision(body));
      return Promise.resolve(json(200, { data: claim }));
    }),
  );
  sessionStorage.setItem('staff-token', 'stf_token');
  window.history.pushState({}, '', path);
  return calls;
}

describe('the claims queue', () => {
  it('asks for open claims by default, oldest first, and links each claim with the filter kept', async () => {
    const calls = serve('/staff/claims?state=open&country=at&olderThanDays=7', () => json(500, {}));
    render(<App />);
    const table = await screen.findByRole(
      'table',
      { name: 'Claims, oldest first' },
      { timeout: 5_000 },
    );
    expect(
      calls.some(
        (call) => call.url === '/s2c/staff/v1/claims?state=open&country=at&olderThanDays=7&page=0',
      ),
    ).toBe(true);
    const link = within(table).getByRole('link', { name: 'Claim 7' });
    expect(link.getAttribute('href')).toBe('/staff/claims/7?state=open&country=at&olderThanDays=7');
    expect(within(table).getByRole('link', { name: '9000002 Lukas Demo' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Filed').value).toBe('7');
  });
});

describe('a claim’s page', () => {
  it('shows the PNR’s import history and approves with the proposed points and a reason', async () => {
    const calls = serve('/staff/claims/7', () =>
      json(200, {
        data: { ...claim, state: 'approved', points: 15, reason: 'Hotel and flight credited' },
      }),
    );
    render(<App />);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Claim 7: PNR QQQ111' },
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    const history = screen.getByRole('table', {
      name: 'Rejected lines of PNR QQQ111, oldest first',
    });
    expect(
      within(history).getByText('The booking has no remark RM*AMA with your member number.'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Points').value).toBe('15');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve the claim' }));
    expect(await screen.findByText('Give the reason (the member reads it)')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/decision'))).toBe(false);
    await user.type(
      screen.getByLabelText('Reason (the member reads it)'),
      'Hotel and flight credited',
    );
    await user.click(screen.getByRole('button', { name: 'Approve the claim' }));
    expect(await screen.findByText('The claim is approved.')).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/decision'))).toMatchObject({
      method: 'POST',
      body: 'decision=approve&points=15&reason=Hotel+and+flight+credited',
    });
  });

  it('rejects with a reason, and says when someone decided first', async () => {
    serve('/staff/claims/7', () =>
      json(409, {
        code: 'CONFLICT',
        data: {
          decision: 'This claim is not open any more (decided already, or matched by its booking).',
        },
      }),
    );
    render(<App />);
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Claim 7: PNR QQQ111' },
      { timeout: 5_000 },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Reject' }));
    expect(screen.queryByLabelText('Points')).toBeNull();
    await user.type(screen.getByLabelText('Reason (the member reads it)'), 'Another agency');
    await user.click(screen.getByRole('button', { name: 'Reject the claim' }));
    expect(
      await screen.findByText(
        'This claim is not open any more (decided already, or matched by its booking).',
      ),
    ).toBeTruthy();
  });
});
