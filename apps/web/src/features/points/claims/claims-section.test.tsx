import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberClaim } from '@club/contract/claims';
import type { PointsPage } from '@club/contract/points';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  apiData,
  apiError,
  makePointsPage,
  makeUser,
  renderPointsScreen,
  stubApi,
  type ApiCall,
} from '../testing/points-test-utils';
import { PointsScreen } from '../points-page/points-screen';

afterEach(() => vi.unstubAllGlobals());

const claim = (overrides: Partial<MemberClaim> = {}): MemberClaim => ({
  id: 1,
  pnr: 'OLD111',
  travelDate: '2026-01-05',
  booked: 'hotel',
  note: null,
  state: 'approved',
  points: 10,
  reason: 'Hotel night credited',
  filedAt: '2026-01-20T09:00:00.000Z',
  decidedAt: '2026-01-21T09:00:00.000Z',
  ...overrides,
});

const isList = (call: ApiCall) =>
  call.method === 'GET' && call.path === '/s2c/auth/v1/agent-points/claims';
const isFile = (call: ApiCall) =>
  call.method === 'POST' && call.path === '/s2c/auth/v1/agent-points/claims';

function renderClaims(
  page: PointsPage,
  answer: (call: ApiCall) => Response | undefined,
  layout = makeClientLayout(),
) {
  const calls = stubApi(
    (call) => answer(call) ?? (isList(call) ? apiData({ items: [claim()] }) : undefined),
  );
  renderPointsScreen(<PointsScreen page={page} />, {
    path: '/eng/points',
    layout,
    user: makeUser(),
  });
  return calls;
}

const rejected = makePointsPage({
  queued: [{ pnr: 'QQQ111', date: '2026-02-02', officeId: 'ATHGR2101', reason: 'no-remark' }],
});

describe('missing-points claims on the points page', () => {
  it('lists the member’s claims with state, points and the decision’s reason', async () => {
    renderClaims(makePointsPage(), () => undefined);
    const table = await screen.findByRole('table', { name: 'Your claims' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toBe('OLD11120 Jan 2026Approved10Hotel night credited');
    expect(within(table).getByText('OLD111').closest('bdi')?.getAttribute('dir')).toBe('ltr');
  });

  it('files a claim from a rejected PNR: the form takes its PNR and date, and the focus', async () => {
    const filed = claim({ id: 2, pnr: 'QQQ111', state: 'open', points: 0, reason: null });
    const calls = renderClaims(rejected, (call) => (isFile(call) ? apiData(filed) : undefined));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Claim missing points for PNR QQQ111' }));
    const pnr = await screen.findByRole<HTMLInputElement>('textbox', { name: "Booking's PNR" });
    await waitFor(() => expect(pnr.value).toBe('QQQ111'));
    expect(pnr.dir).toBe('ltr');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 3, name: 'Claim missing points' }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Travel date').value).toBe('2026-02-02');
    await user.selectOptions(screen.getByRole('combobox', { name: 'What was booked' }), 'hotel');
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Two nights');
    await user.click(screen.getByRole('button', { name: 'Send the claim' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        'Your claim for PNR QQQ111 was sent. We mail you our decision.',
      ),
    );
    const sent = calls.find(isFile)!;
    expect(Object.fromEntries(sent.body)).toEqual({
      number: makeUser().number,
      pnr: 'QQQ111',
      travelDate: '2026-02-02',
      booked: 'hotel',
      note: 'Two nights',
    });
    // The list is asked again for the new claim.
    await waitFor(() => expect(calls.filter(isList).length).toBeGreaterThanOrEqual(2));
  });

  it('checks the fields by the contract’s rules before sending, in the page’s words', async () => {
    const calls = renderClaims(
      makePointsPage(),
      () => undefined,
      makeClientLayout({
        dictionary: { 'points.message.pnrRequired': 'Δώστε ένα PNR.' },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send the claim' }));
    expect(await screen.findByText('Δώστε ένα PNR.')).toBeTruthy();
    expect(screen.getByText('Please enter a date.')).toBeTruthy();
    expect(calls.filter(isFile)).toHaveLength(0);
  });

  it('puts the server’s refusal on its field', async () => {
    renderClaims(makePointsPage(), (call) =>
      isFile(call)
        ? apiError(400, 'VALIDATION_FAILED', {
            pnr: 'This booking has already earned you points: nothing is missing.',
          })
        : undefined,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: "Booking's PNR" }), 'ABC123');
    await user.type(screen.getByLabelText('Travel date'), '2026-01-05');
    await user.click(screen.getByRole('button', { name: 'Send the claim' }));
    expect(
      await screen.findByText('This booking has already earned you points: nothing is missing.'),
    ).toBeTruthy();
    expect(
      screen.getByRole('textbox', { name: "Booking's PNR" }).getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('offers a claim on a validated PNR that earned nothing, and says when a claim paid for one', () => {
    const base = makePointsPage().points[0]!;
    renderClaims(
      makePointsPage({
        points: [
          { ...base, pnr: 'ZERO11', status: 'OK', points: 0 },
          { ...base, pnr: 'PAID11', status: 'OK', points: 0, _Price: 0, paidByClaim: true },
        ],
      }),
      () => undefined,
    );
    expect(
      screen.getByRole('button', { name: 'Claim missing points for PNR ZERO11' }),
    ).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: 'Claim missing points for PNR PAID11' }),
    ).toBeNull();
    expect(
      screen.getByText(
        'Earns nothing here: your approved claim already credited this booking’s points.',
      ),
    ).toBeTruthy();
  });
});
