import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditPage } from '@club/contract/staff-audit';
import AuditScreen from './audit-screen';

function answer(body: unknown) {
  return new Response(JSON.stringify({ data: body }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

const entry: AuditEntry = {
  id: 1,
  at: '2026-11-26T08:00:00.000Z',
  staff: 'manager.at@example.com',
  action: 'member.adjust-points',
  targetType: 'member',
  target: '9000003',
  countryCode: 'at',
  reason: 'Missing booking',
  before: { available: 0 },
  after: { available: 100 },
};

function renderWith(page: AuditPage, at = '/audit', calls: string[] = []) {
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    return Promise.resolve(answer(url.includes('/audit/actions') ? { actions: [] } : page));
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <AuditScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the audit list’s count', () => {
  it('says how many entries match', async () => {
    renderWith({ items: [entry], total: 1, totalCapped: false });
    expect(
      await screen.findByRole('table', { name: 'Audit entries, newest first (1 entry)' }),
    ).toBeDefined();
    expect(screen.queryByText(/More than/)).toBeNull();
  });

  it('says "more than 10,000" when the server stopped counting, and how to see older entries', async () => {
    renderWith({ items: [entry], total: 10_000, totalCapped: true });
    expect(
      await screen.findByRole('table', {
        name: 'Audit entries, newest first (more than 10,000 entries)',
      }),
    ).toBeDefined();
    expect(screen.getByRole('status').textContent).toMatch(
      /More than 10,000 entries match: .*Narrow the filters/,
    );
  });
});

describe('the audit list’s targets', () => {
  it('link to the screen of a member, an order, a gift, an office and an import; others stay text', async () => {
    const of = (id: number, targetType: string, target: string): AuditEntry => ({
      ...entry,
      id,
      targetType,
      target,
    });
    renderWith({
      items: [
        of(1, 'member', '9000003'),
        of(2, 'order', '41'),
        of(3, 'gift', '203'),
        of(4, 'office', 'VIEOS2100'),
        of(5, 'booking-import', '7'),
        of(6, 'content', 'at/deu/menu'),
        of(7, 'claim', '12'),
        of(8, 'staff', 'support.gr@example.com'),
      ],
      total: 8,
      totalCapped: false,
    });
    const href = async (name: string) =>
      (await screen.findByRole('link', { name })).getAttribute('href');
    expect(await href('member 9000003')).toBe('/members/9000003');
    expect(await href('order 41')).toBe('/orders/41');
    expect(await href('gift 203')).toBe('/gifts/203');
    expect(await href('office VIEOS2100')).toBe('/offices/VIEOS2100');
    expect(await href('booking-import 7')).toBe('/bookings/imports/7');
    expect(await href('claim 12')).toBe('/claims/12');
    // A staff account's entries are its trail in the log itself.
    expect(await href('staff support.gr@example.com')).toBe(
      '/audit?targetType=staff&target=support.gr%40example.com',
    );
    expect(screen.getByText('content at/deu/menu')).toBeDefined();
    expect(screen.queryByRole('link', { name: /content/ })).toBeNull();
  });
});

describe('the audit filter by target', () => {
  it('takes the kind and key of a target from the address, shows them and asks for them', async () => {
    const calls: string[] = [];
    renderWith(
      { items: [entry], total: 1, totalCapped: false },
      '/audit?targetType=staff&target=support.gr%40example.com',
      calls,
    );
    await screen.findByRole('table', { name: 'Audit entries, newest first (1 entry)' });
    expect(screen.getByLabelText<HTMLSelectElement>('Kind of target').value).toBe('staff');
    expect(screen.getByLabelText<HTMLInputElement>('Target', { exact: true }).value).toBe(
      'support.gr@example.com',
    );
    const list = calls.find((url) => url.includes('/s2c/staff/v1/audit?'));
    expect(list).toContain('targetType=staff');
    expect(list).toContain('target=support.gr%40example.com');
  });
});
