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

function renderWith(page: AuditPage) {
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(answer(url.includes('/audit/actions') ? { actions: [] } : page)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/audit']}>
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
