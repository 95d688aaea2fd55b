import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';

const member = { number: '9000002', firstName: 'Lukas', lastName: 'Demo', email: 'l@example.com' };
const queued = {
  id: 5,
  countryCode: 'at',
  state: 'submitted',
  createdAt: '2026-11-22T10:00:00.000Z',
  member,
  points: 150,
  provider: 'manual',
  gifts: '1 × Umbrella',
  attempts: 1,
  lastError: null,
};
const order = {
  ...queued,
  delivery: 'self',
  deliveryAddress: '',
  providerRef: 'manual-5',
  nextAttemptAt: '2026-11-22T10:00:00.000Z',
  vouchers: [],
  failedBy: null,
  lines: [{ giftId: 201, description: 'Umbrella', quantity: 1, points: 150 }],
  timeline: [{ state: 'placed', at: '2026-11-22T10:00:00.000Z' }],
  attemptLog: [],
  canFulfil: false,
  canRefund: false,
  canRetry: false,
  vouchersOpenedAt: null,
  canCorrectVouchers: false,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the order queue’s links', () => {
  it('link the member, open the order, and Back returns to the same filter', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url === '/s2c/staff/v1/session') {
          return Promise.resolve(
            json({ data: { email: 'm@example.com', role: 'support', countries: ['at'] } }),
          );
        }
        if (url.startsWith('/s2c/staff/v1/orders?')) {
          return Promise.resolve(
            json({
              data: { items: [queued], total: 1, totalCapped: false, page: 0, pageSize: 25 },
            }),
          );
        }
        return Promise.resolve(json({ data: order }));
      }),
    );
    sessionStorage.setItem('staff-token', 'stf_token');
    window.history.pushState({}, '', '/staff/orders?state=submitted&country=at');
    render(<App />);
    const user = userEvent.setup();
    const row = (await screen.findByRole('link', { name: 'Order 5' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: '9000002 Lukas Demo' }).getAttribute('href')).toBe(
      '/staff/members/9000002',
    );
    await user.click(within(row).getByRole('link', { name: 'Order 5' }));
    expect(await screen.findByRole('heading', { name: 'Order 5' })).toBeDefined();
    expect(screen.getByRole('link', { name: '9000002 Lukas Demo' }).getAttribute('href')).toBe(
      '/staff/members/9000002',
    );
    await user.click(screen.getByRole('link', { name: 'Back to the orders' }));
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeDefined();
    expect(window.location.search).toBe('?state=submitted&country=at');
  });
});
