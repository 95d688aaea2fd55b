import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberView } from '@club/contract/staff-members';
import { SignedInAs } from '../../testing/signed-in';
import MembersScreen from './members-screen';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {/* Support: the member view without the account actions (their own tests). */}
      <SignedInAs staff={{ email: 'support@example.com', role: 'support', countries: ['at'] }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/members/*" element={<MembersScreen />} />
          </Routes>
        </MemoryRouter>
      </SignedInAs>
    </QueryClientProvider>,
  );
}

const lukas = {
  number: '9000002',
  countryCode: 'at',
  firstName: 'Lukas',
  lastName: 'Demo',
  email: 'lukas@demo.example',
  officeId: 'VIEAT2101',
  state: 'active',
};

function memberView(available: number, limit: number | null = null): MemberView {
  return {
    profile: {
      ...lukas,
      state: 'active',
      languageCode: 'deu',
      title: 'mr',
      phone: '',
      newsletter: false,
      directAccess: false,
      acceptedTermsVersion: '1',
      countryTermsVersion: '2',
      termsAcceptedAt: '2026-11-22T08:00:00.000Z',
      createdAt: '2026-11-22T08:00:00.000Z',
      activatedAt: '2026-11-22T08:00:00.000Z',
      deletedAt: null,
      loginBackoff: { failures: 0, blockedUntil: null },
      openSessions: 0,
    },
    status: {
      totalSegmentsPD: 0,
      totalSegmentsOk: 0,
      accumulated: available,
      regular: 0,
      additional: available,
      used: 0,
      expired: 0,
      available,
    },
    bookings: [
      {
        pnr: 'DEMO12',
        officeId: 'VIEAT2101',
        createdOn: '2026-10-01',
        state: 'accepted',
        reason: null,
        points: 0,
        segments: [
          {
            segmentId: '1',
            kind: 'air',
            sourceStatus: 'HX',
            status: 'XX',
            serviceDate: '2026-10-10',
            endDate: null,
            points: 0,
            creditedOn: null,
            noPointsReason: 'segment-cancelled',
            rules: [],
          },
        ],
      },
    ],
    ledger: [],
    ledgerHasMore: false,
    orders: [],
    mails: [],
    adjustmentLimit: limit,
  };
}

describe('member search', () => {
  it('asks for a query, then lists the matches with links to each member', async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        answer(200, {
          data: url.includes('query=nobody')
            ? { items: [], total: 0, totalCapped: false }
            : { items: [lukas], total: 1, totalCapped: false },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/members');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Enter a member number, email, name or office ID')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Search members'), 'Lukas');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: /Members matching “Lukas”: 1/ });
    expect(within(table).getByRole('link', { name: '9000002' }).getAttribute('href')).toBe(
      '/members/9000002',
    );
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/s2c/staff/v1/members?query=Lukas&page=0&pageSize=20',
    );
    await user.clear(screen.getByLabelText('Search members'));
    await user.type(screen.getByLabelText('Search members'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No member matches “nobody” in your countries.')).toBeDefined();
  });

  it('says 1,000+ when the count is capped', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(answer(200, { data: { items: [lukas], total: 1000, totalCapped: true } })),
    );
    renderAt('/members?query=d');
    expect(await screen.findByRole('table', { name: /: 1,000\+$/ })).toBeDefined();
    expect(screen.getByText(/More than 1,000 members match/)).toBeDefined();
  });
});

describe('the member view', () => {
  it('names the earning rules that gave a segment its points', async () => {
    const view = memberView(20);
    view.bookings[0]!.segments = [
      {
        ...view.bookings[0]!.segments[0]!,
        kind: 'hotel',
        sourceStatus: 'HK',
        status: 'OK',
        points: 20,
        noPointsReason: null,
        rules: [
          { id: 6, kind: 'base', name: 'Base hotel', points: 10, multiplier: null },
          { id: 17, kind: 'campaign', name: 'March hotel campaign', points: null, multiplier: 2 },
        ],
      },
    ];
    vi.stubGlobal('fetch', () => Promise.resolve(answer(200, { data: view })));
    renderAt('/members/9000002');
    const table = await screen.findByRole('table', { name: /PNR DEMO12/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').at(-1)?.textContent).toBe(
      'hotel 10 + March hotel campaign ×2',
    );
  });

  it('shows why a segment earned nothing, and the terms the member has not accepted', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(answer(200, { data: memberView(1000) })));
    renderAt('/members/9000002');
    expect(await screen.findByRole('heading', { name: 'Lukas Demo (9000002)' })).toBeDefined();
    const booking = screen.getByRole('table', { name: /PNR DEMO12/ });
    expect(
      within(booking).getByText('The segment was cancelled in the booking (or is gone from it).'),
    ).toBeDefined();
    expect(screen.getByText(/the country publishes version 2/)).toBeDefined();
  });

  it('says so for a member outside the staff member’s countries', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(answer(404, { code: 'NOT_FOUND', data: null })));
    renderAt('/members/9000001');
    expect(await screen.findByText('There is no member 9000001 in your countries.')).toBeDefined();
  });

  it('adjusts points after a confirmation, and shows the balance after', async () => {
    let available = 1000;
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(init.body as string);
          available += 25;
          return Promise.resolve(
            answer(200, {
              data: {
                id: 1,
                kind: 'additional',
                amount: 25,
                entryDate: '2026-11-26',
                expiresOn: '2029-11-26',
                description: 'Missing hotel night',
                pnr: null,
                orderId: null,
                adjustedBy: 'manager.at@example.com',
                createdAt: '2026-11-26T09:00:00.000Z',
              },
            }),
          );
        }
        return Promise.resolve(answer(200, { data: memberView(available) }));
      }),
    );
    renderAt('/members/9000002');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Adjust points' });
    await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(await screen.findByText('Give the reason (the member sees it)')).toBeDefined();
    await user.type(screen.getByLabelText('Points'), '25');
    expect(screen.getByText('Available after: 1,025')).toBeDefined();
    await user.type(screen.getByLabelText('Reason'), 'Missing hotel night');
    await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the adjustment' });
    expect(within(dialog).getByText('Missing hotel night')).toBeDefined();
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm adjustment' }));
    expect(
      await screen.findByText('25 points credited to Lukas Demo. Available now: 1,025.'),
    ).toBeDefined();
    expect(posted).toEqual(['points=25&reason=Missing+hotel+night']);
  });

  it('tells support what is left of its daily limit for the member and refuses more before asking the server', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(answer(200, { data: memberView(1000, 200) })));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/members/9000002');
    const user = userEvent.setup();
    expect(
      await screen.findByText(/Your limit: 200 more points for this member today/),
    ).toBeDefined();
    await user.type(screen.getByLabelText('Points'), '-201');
    await user.type(screen.getByLabelText('Reason'), 'Too much');
    await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(
      await screen.findByText('You can adjust at most 200 more points for this member today'),
    ).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a debit larger than what is available', () => {
  it('is refused before it is sent, and a debit of all of it is not', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(answer(200, { data: memberView(1200) })));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/members/9000002');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Points'), '-1201');
    await user.type(screen.getByLabelText('Reason'), 'Duplicate credit');
    await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(
      await screen.findByText('The member has 1,200 points available: a debit cannot take more'),
    ).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      fetchMock.mock.calls.some((call: unknown[]) => String(call[0]).endsWith('/adjustments')),
    ).toBe(false);
    await user.clear(screen.getByLabelText('Points'));
    await user.type(screen.getByLabelText('Points'), '-1200');
    await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(await screen.findByRole('dialog')).toBeDefined();
  });
});

describe('links of the member view', () => {
  it('links each order to its page, and Back returns to the same search', async () => {
    const view = memberView(100);
    const entry = {
      id: 1,
      kind: 'additional',
      amount: 25,
      entryDate: '2026-11-26',
      expiresOn: null,
      description: '',
      adjustedBy: null,
      createdAt: '2026-11-26T09:00:00.000Z',
    } as const;
    view.ledger = [
      { ...entry, id: 3, kind: 'order', amount: -150, pnr: null, orderId: 41 },
      { ...entry, id: 2, kind: 'segment', pnr: 'DEMO12', orderId: null },
      // A PNR the view does not list (older than its latest bookings) is no link.
      { ...entry, id: 1, kind: 'segment', pnr: 'OLD999', orderId: null },
    ];
    view.orders = [
      {
        id: 41,
        createdAt: '2026-11-20T08:00:00.000Z',
        state: 'failed',
        lastError: null,
        totalPoints: 150,
        lines: [{ giftId: 203, description: 'Umbrella', quantity: 1, points: 150 }],
      } as MemberView['orders'][number],
    ];
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        answer(200, {
          data: url.startsWith('/s2c/staff/v1/members?')
            ? { items: [lukas], total: 1, totalCapped: false }
            : view,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/members?query=Lukas');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: '9000002' }));
    const order = (await screen.findAllByRole('link', { name: 'Order 41' })).at(-1)!;
    expect(order.getAttribute('href')).toBe('/orders/41');
    // The order queue's words: a failed order was refunded.
    expect(order.closest('tr')!.textContent).toContain('Refunded');
    expect(order.closest('tr')!.textContent).not.toContain('failed');
    // The ledger's order and PNR are links: the order's page, the booking in this view.
    const ledger = screen.getByRole('table', { name: /Every change of the member’s points/ });
    expect(within(ledger).getByRole('link', { name: 'Order 41' }).getAttribute('href')).toBe(
      '/orders/41',
    );
    const pnr = within(ledger).getByRole('link', { name: 'PNR DEMO12' });
    expect(pnr.getAttribute('href')).toBe('#booking-DEMO12');
    expect(document.getElementById('booking-DEMO12')?.textContent).toContain('PNR DEMO12');
    expect(within(ledger).queryByRole('link', { name: 'PNR OLD999' })).toBeNull();
    expect(within(ledger).getByText('OLD999')).toBeDefined();
    await user.click(screen.getByRole('link', { name: 'Back to the search' }));
    expect(await screen.findByRole('table', { name: /Members matching “Lukas”: 1/ })).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('Search members').value).toBe('Lukas');
  });
});

describe('a rejected booking in the member view', () => {
  it('never reads Validated or Pending for its segments', async () => {
    const view = memberView(0);
    view.bookings = [
      {
        pnr: 'REJ001',
        officeId: 'VIEAT2101',
        createdOn: '2026-10-01',
        state: 'rejected',
        reason: 'no-remark',
        points: 0,
        segments: [
          {
            ...view.bookings[0]!.segments[0]!,
            segmentId: '1',
            status: 'OK',
            sourceStatus: 'HK',
            noPointsReason: null,
            rules: [],
          },
          {
            ...view.bookings[0]!.segments[0]!,
            segmentId: '2',
            status: 'PD',
            sourceStatus: 'HK',
            noPointsReason: null,
            rules: [],
          },
          { ...view.bookings[0]!.segments[0]!, segmentId: '3' },
        ],
      },
    ];
    vi.stubGlobal('fetch', () => Promise.resolve(answer(200, { data: view })));
    renderAt('/members/9000002');
    const table = await screen.findByRole('table', { name: /PNR REJ001/ });
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]!.textContent);
    expect(statuses).toEqual([
      'Not credited (booking rejected) (HK)',
      'Not credited (booking rejected) (HK)',
      'Cancelled (HX)',
    ]);
    expect(within(table).queryByText(/Validated|Pending/)).toBeNull();
  });
});
