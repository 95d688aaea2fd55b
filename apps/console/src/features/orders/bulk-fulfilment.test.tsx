import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const line = (over: Record<string, unknown> = {}) => ({
  line: 2,
  order: '5',
  codes: ['UMB-1', 'UMB-2'],
  outcome: 'ok',
  message: null,
  memberNumber: '9000004',
  memberName: 'Jonas Demo',
  gifts: '2 × Travel umbrella',
  quantity: 2,
  ...over,
});
const answer = (lines: ReturnType<typeof line>[]) => ({
  fileKey: 'b'.repeat(64),
  lines,
  ok: lines.filter((entry) => entry.outcome === 'ok').length,
  refused: lines.filter((entry) => entry.outcome !== 'ok').length,
});

afterEach(() => vi.unstubAllGlobals());

function serve(role: 'manager' | 'support', apply: () => Response) {
  const calls: { method: string; url: string; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? init.body : '',
      });
      if (url === '/s2c/staff/v1/session') {
        return Promise.resolve(
          json(200, { data: { email: 'm@example.com', role, countries: ['at'] } }),
        );
      }
      if (url === '/s2c/staff/v1/bulk-fulfilments/preview')
        return Promise.resolve(json(200, { data: answer([line()]) }));
      if (url === '/s2c/staff/v1/bulk-fulfilments') return Promise.resolve(apply());
      return Promise.resolve(
        json(200, { data: { items: [], total: 0, totalCapped: false, page: 0, pageSize: 25 } }),
      );
    }),
  );
  sessionStorage.setItem('staff-token', 'stf_token');
  window.history.pushState({}, '', '/staff/orders');
  return calls;
}

describe('bulk fulfilment from a file', () => {
  it('opens from the queue, previews the orders with their codes and fulfils them after a confirmation', async () => {
    const calls = serve('manager', () => json(200, { data: answer([line()]) }));
    render(<App />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('link', { name: 'Bulk fulfilment from a file' }, { timeout: 5_000 }),
    );
    await screen.findByRole('heading', { name: 'Bulk fulfilment from a file' });
    await user.upload(
      screen.getByLabelText('Fulfilment file (CSV)'),
      new File(['order,voucher codes\n5,UMB-1 UMB-2\n'], 'codes.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Jonas Demo (9000004)' })).toBeTruthy();
    expect(within(table).getByText('UMB-2')).toBeTruthy();
    expect(screen.getByText('1 order ready to fulfil.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Fulfil the orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fulfil the orders' });
    expect(dialog.textContent).toContain('Fulfil 1 order and mail each member their codes?');
    expect(calls.some((call) => call.url === '/s2c/staff/v1/bulk-fulfilments')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Fulfil the orders' }));
    expect(
      await screen.findByText('Fulfilled 1 order; each member is mailed their codes.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.url === '/s2c/staff/v1/bulk-fulfilments')).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ file: 'order,voucher codes\n5,UMB-1 UMB-2\n' }),
    });
  });

  it('shows the refused line when an order changed since the preview', async () => {
    serve('manager', () =>
      json(400, {
        code: 'VALIDATION_FAILED',
        data: {
          file: '1 of 1 lines refused: nothing was fulfilled',
          lines: [
            line({
              outcome: 'refused',
              message: 'Order 5 is Refunded: only an order sent to the provider is fulfilled',
            }),
          ],
        },
      }),
    );
    window.history.pushState({}, '', '/staff/orders/bulk-fulfilment');
    render(<App />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Bulk fulfilment from a file' }, { timeout: 5_000 });
    await user.upload(
      screen.getByLabelText('Fulfilment file (CSV)'),
      new File(['5,UMB-1,UMB-2\n'], 'codes.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await user.click(await screen.findByRole('button', { name: 'Fulfil the orders' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fulfil the orders' }),
    );
    expect(await screen.findByText(/nothing was fulfilled\. Nothing was applied/)).toBeTruthy();
    expect(screen.getByText(/Refused: Order 5 is Refunded/)).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Fulfil the orders' }).disabled,
    ).toBe(true);
  });

  it('is not offered to support', async () => {
    serve('support', () => json(403, {}));
    render(<App />);
    await screen.findByRole('heading', { name: 'Orders' }, { timeout: 5_000 });
    expect(screen.queryByRole('link', { name: 'Bulk fulfilment from a file' })).toBeNull();
  });
});
