import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const line = (over: Record<string, unknown>) => ({
  line: 2,
  number: '9000001',
  points: 25,
  reason: 'Hotel night',
  outcome: 'ok',
  message: null,
  memberName: 'Eleni Demo',
  availableBefore: 100,
  availableAfter: 125,
  ...over,
});
const answer = (lines: ReturnType<typeof line>[], applied: unknown = null) => ({
  fileKey: 'a'.repeat(64),
  lines,
  ok: lines.filter((entry) => entry.outcome === 'ok').length,
  refused: lines.filter((entry) => entry.outcome !== 'ok').length,
  credited: 25,
  debited: 0,
  applied,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Call = { method: string; url: string; body: string };

function serve(
  role: 'manager' | 'support',
  answers: Record<string, () => Response>,
  path = '/staff/members/bulk-adjustments',
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: typeof init.body === 'string' ? init.body : '' });
      if (url === '/s2c/staff/v1/session') {
        return Promise.resolve(
          json(200, { data: { email: 'm@example.com', role, countries: ['gr', 'at'] } }),
        );
      }
      const found = answers[url];
      if (found !== undefined) return Promise.resolve(found());
      return Promise.resolve(json(200, { data: { items: [], total: 0, totalCapped: false } }));
    }),
  );
  sessionStorage.setItem('staff-token', 'stf_token');
  window.history.pushState({}, '', path);
  return calls;
}

const csv = (text: string) => new File([text], 'adjustments.csv', { type: 'text/csv' });

describe('bulk adjustments from a file', () => {
  it('shows every line’s outcome, applies nothing while a line is refused, then applies after a confirmation', async () => {
    let previewed = answer([
      line({}),
      line({
        line: 3,
        number: '9000002',
        points: -500,
        outcome: 'refused',
        message: 'The member has 40 points available: a debit cannot take more',
        availableAfter: null,
      }),
    ]);
    const calls = serve('manager', {
      '/s2c/staff/v1/bulk-adjustments/preview': () => json(200, { data: previewed }),
      '/s2c/staff/v1/bulk-adjustments': () =>
        json(200, {
          data: answer([line({})], { at: '2026-11-26T09:00:00Z', by: 'm@example.com' }),
        }),
    });
    render(<App />);
    await screen.findByRole(
      'heading',
      { name: 'Bulk adjustments from a file' },
      { timeout: 5_000 },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('Choose a CSV file')).toBeTruthy();
    const input = screen.getByLabelText('Adjustments file (CSV)');
    await user.upload(input, csv('9000001,25,Hotel night\n9000002,-500,Too much\n'));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const table = await screen.findByRole('table', {
      name: 'Every line of the file and what it does',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Eleni Demo (9000001)');
    expect(rows[1]!.textContent).toContain('Ready');
    expect(rows[2]!.textContent).toContain(
      'Refused: The member has 40 points available: a debit cannot take more',
    );
    expect(screen.getByText(/1 of 2 lines are refused/)).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Apply the adjustments' }).disabled,
    ).toBe(true);
    expect(
      calls.find((call) => call.url === '/s2c/staff/v1/bulk-adjustments/preview'),
    ).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ file: '9000001,25,Hotel night\n9000002,-500,Too much\n' }),
    });

    previewed = answer([line({})]);
    await user.upload(input, csv('9000001,25,Hotel night\n'));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('1 line ready: 25 points credited and 0 debited.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply the adjustments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply the adjustments' });
    expect(calls.some((call) => call.url === '/s2c/staff/v1/bulk-adjustments')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Apply the adjustments' }));
    expect(
      await screen.findByText('Applied 1 adjustment: 25 points credited and 0 debited.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.url === '/s2c/staff/v1/bulk-adjustments')).toEqual([
      {
        method: 'POST',
        url: '/s2c/staff/v1/bulk-adjustments',
        body: JSON.stringify({ file: '9000001,25,Hotel night\n' }),
      },
    ]);
  });

  it('says who applied the same lines before, and shows the lines as they stand when the server refuses the file', async () => {
    let applied: unknown = { at: '2026-11-26T09:00:00Z', by: 'admin@example.com' };
    serve('support', {
      '/s2c/staff/v1/bulk-adjustments/preview': () =>
        json(200, { data: answer([line({})], applied) }),
      '/s2c/staff/v1/bulk-adjustments': () =>
        json(403, {
          code: 'FORBIDDEN',
          data: {
            file: '1 of 1 lines refused: nothing was applied',
            lines: [
              line({
                outcome: 'refused',
                message:
                  'Support adjusts at most 500 points per member a day: 0 left for this member today',
              }),
            ],
          },
        }),
    });
    render(<App />);
    await screen.findByRole(
      'heading',
      { name: 'Bulk adjustments from a file' },
      { timeout: 5_000 },
    );
    expect(screen.getByText(/Your limit per member and day counts each line/)).toBeTruthy();
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('Adjustments file (CSV)'),
      csv('9000001,25,Hotel night'),
    );
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(
      await screen.findByText(
        'A file with these lines was applied on 26 Nov 2026, 09:00 UTC by admin@example.com: it is not applied twice.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Apply the adjustments' }).disabled,
    ).toBe(true);
    applied = null;
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await screen.findByText('1 line ready: 25 points credited and 0 debited.');
    await user.click(screen.getByRole('button', { name: 'Apply the adjustments' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Apply the adjustments',
      }),
    );
    expect(
      await screen.findByText(
        '1 of 1 lines refused: nothing was applied. Nothing was applied: check the lines below.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Refused: Support adjusts at most 500 points/)).toBeTruthy();
  });
});

describe('the member export', () => {
  it('is offered to managers, checks the points and downloads the filtered CSV', async () => {
    const calls = serve(
      'manager',
      {
        '/s2c/staff/v1/members.csv?country=gr&state=active&minPoints=100&maxPoints=50': () =>
          json(400, {}),
      },
      '/staff/members',
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:members');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined);
    render(<App />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('link', { name: 'Export members as CSV' }, { timeout: 5_000 }),
    );
    await screen.findByRole('heading', { name: 'Export members' });
    await user.selectOptions(screen.getByLabelText('Country'), 'gr');
    await user.selectOptions(screen.getByLabelText('State'), 'active');
    await user.type(screen.getByLabelText('Available points, at least'), '100');
    await user.type(screen.getByLabelText('Available points, at most'), '50');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('At most must not be below at least')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/s2c/staff/v1/members.csv'))).toBe(false);
    await user.clear(screen.getByLabelText('Available points, at most'));
    await user.type(screen.getByLabelText('Available points, at most'), '5000');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The export is downloaded.')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain(
      '/s2c/staff/v1/members.csv?country=gr&state=active&minPoints=100&maxPoints=5000',
    );
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('is not offered to support', async () => {
    serve('support', {}, '/staff/members');
    render(<App />);
    expect(
      await screen.findByRole('link', { name: 'Bulk adjustments from a file' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export members as CSV' })).toBeNull();
  });
});
