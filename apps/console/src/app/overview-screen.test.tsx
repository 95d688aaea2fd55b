import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Overview } from '@club/contract/staff-overview';
import { App } from './app';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const waiting = (country: string | null): Overview => ({
  country,
  countries: ['at', 'gr'],
  ordersWaiting: country === 'gr' ? 0 : 2,
  ordersFailed: 1,
  failedSince: '2026-10-31',
  countsCapped: false,
  taxToCheck: 1,
  taxToCheckOldest: [
    {
      number: '9000004',
      firstName: 'Jonas',
      lastName: 'Demo',
      countryCode: 'at',
      sentAt: '2026-11-20T09:00:00.000Z',
    },
  ],
  rejectedLinesLastImport: 3,
  lastImport: {
    id: 12,
    startedAt: '2026-11-28T06:00:00.000Z',
    fileName: 'day.jsonl',
    rejectedCount: 3,
  },
  lowStockGifts: 1,
  openClaims: 2,
  oldestOpenClaimAt: '2026-11-20T09:12:00.000Z',
  alertsEndingSoon: 1,
  alertEndingFirst: {
    countryCode: 'at',
    languageCode: 'deu',
    hash: 'at-maintenance',
    endsAt: '2026-11-30T18:00:00.000Z',
  },
});

/** The server's answers; every overview call is recorded. */
function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url === '/s2c/staff/v1/session') {
        return Promise.resolve(
          json(200, { data: { email: 'm@example.com', role: 'manager', countries: ['at', 'gr'] } }),
        );
      }
      if (url.startsWith('/s2c/staff/v1/overview')) {
        calls.push(url);
        const country = new URL(url, 'http://localhost').searchParams.get('country');
        return Promise.resolve(json(200, { data: waiting(country) }));
      }
      return Promise.resolve(json(200, { data: { items: [], total: 0, page: 0, pageSize: 25 } }));
    }),
  );
  sessionStorage.setItem('staff-token', 'stf_token');
  window.history.pushState({}, '', '/staff/');
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the overview', () => {
  it('lists what waits as counts, each a link to the filtered screen', async () => {
    serve();
    render(<App />);
    const link = (name: string | RegExp) => screen.findByRole('link', { name });
    expect((await link('2 orders waiting for fulfilment')).getAttribute('href')).toBe(
      '/staff/orders?state=submitted',
    );
    expect((await link('1 order failed and refunded since 2026-10-31')).getAttribute('href')).toBe(
      '/staff/orders?state=failed&from=2026-10-31',
    );
    expect((await link('1 member’s tax details to check')).getAttribute('href')).toBe(
      '/staff/members/9000004',
    );
    expect(
      (
        await link(
          '1 service alert ending in the next 3 days, the first at-maintenance at 30 Nov 2026, 18:00 UTC',
        )
      ).getAttribute('href'),
    ).toBe('/staff/content/at/deu/alerts');
    const oldest = screen.getByRole('list', { name: 'Oldest tax details to check' });
    expect(within(oldest).getByRole('link', { name: 'Jonas Demo (9000004)' })).toBeDefined();
    expect(
      (await link('3 rejected booking lines in the last import (day.jsonl)')).getAttribute('href'),
    ).toBe('/staff/bookings/imports/12');
    // The open claims, with the oldest one's age, open the claims queue.
    expect(
      (
        await link(/^2 missing-points claims to decide, the oldest filed \d+ days ago$/)
      ).getAttribute('href'),
    ).toBe('/staff/claims?state=open');
    // Two countries and none chosen: the gift list opens at its first country, low stock only.
    expect((await link('1 gift low on stock')).getAttribute('href')).toBe('/staff/gifts?stock=low');
  });

  it('counts one country when chosen, keeps it in the address and in every link', async () => {
    const calls = serve();
    render(<App />);
    await screen.findByRole('link', { name: '2 orders waiting for fulfilment' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'gr');
    const waitingLink = await screen.findByRole('link', {
      name: '0 orders waiting for fulfilment',
    });
    expect(waitingLink.getAttribute('href')).toBe('/staff/orders?state=submitted&country=gr');
    expect(window.location.search).toBe('?country=gr');
    expect(calls).toEqual(['/s2c/staff/v1/overview', '/s2c/staff/v1/overview?country=gr']);
    expect(screen.getByRole('link', { name: '1 gift low on stock' }).getAttribute('href')).toBe(
      '/staff/gifts?country=gr&stock=low',
    );
  });

  it('follows a count to its filtered screen', async () => {
    serve();
    render(<App />);
    await userEvent.click(
      await screen.findByRole('link', { name: '2 orders waiting for fulfilment' }),
    );
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeDefined();
    expect(window.location.pathname + window.location.search).toBe('/staff/orders?state=submitted');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' }).value).toBe(
      'submitted',
    );
  });

  it('says the counts failed, instead of breaking, for an answer without them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url === '/s2c/staff/v1/session'
            ? json(200, { data: { email: 'm@example.com', role: 'manager', countries: ['at'] } })
            : json(200, { data: {} }),
        ),
      ),
    );
    sessionStorage.setItem('staff-token', 'stf_token');
    window.history.pushState({}, '', '/staff/');
    render(<App />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The overview could not be counted. Try again in a moment.',
    );
    expect(screen.getByRole('heading', { name: 'Overview', level: 1 })).toBeDefined();
  });
});
