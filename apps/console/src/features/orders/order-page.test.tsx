import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';

const order = {
  id: 5,
  countryCode: 'at',
  state: 'submitted',
  createdAt: '2026-11-22T10:00:00.000Z',
  member: { number: '9000002', firstName: 'Lukas', lastName: 'Demo', email: 'l@example.com' },
  points: 150,
  provider: 'manual',
  gifts: '1 × Umbrella',
  attempts: 1,
  lastError: null,
  delivery: 'self',
  deliveryAddress: '',
  providerRef: 'manual-5',
  nextAttemptAt: '2026-11-22T10:00:00.000Z',
  vouchers: [],
  failedBy: null,
  lines: [{ giftId: 201, description: 'Umbrella', quantity: 1, points: 150 }],
  timeline: [{ state: 'placed', at: '2026-11-22T10:00:00.000Z' }],
  attemptLog: [
    { at: '2026-11-22T10:00:01.000Z', call: 'place', outcome: 'accepted', answer: 'ref manual-5' },
  ],
  vouchersOpenedAt: null as string | null,
  canFulfil: true,
  canRefund: true,
  canRetry: false,
  canCorrectVouchers: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

function serve(role: 'manager' | 'support', shown: Record<string, unknown> = order) {
  const calls: { method: string; url: string; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: typeof init.body === 'string' ? init.body : '' });
      if (url === '/s2c/staff/v1/session') {
        return Promise.resolve(
          json(200, { data: { email: 'm@example.com', role, countries: ['at'] } }),
        );
      }
      if (url === '/s2c/staff/v1/orders/5/fulfilment') {
        return Promise.resolve(
          json(200, {
            data: { ...order, state: 'fulfilled', canRefund: false, canFulfil: false },
          }),
        );
      }
      if (url === '/s2c/staff/v1/orders/5/refund') {
        return Promise.resolve(
          json(200, { data: { ...order, state: 'failed', canRefund: false, canFulfil: false } }),
        );
      }
      if (url === '/s2c/staff/v1/orders/5/vouchers') {
        return Promise.resolve(
          json(200, { data: { ...shown, vouchers: ['UMB-9'], canCorrectVouchers: true } }),
        );
      }
      return Promise.resolve(json(200, { data: shown }));
    }),
  );
  sessionStorage.setItem('staff-token', 'stf_token');
  window.history.pushState({}, '', '/staff/orders/5');
  return calls;
}

describe('the order page', () => {
  it('shows the provider’s answers, and refunds only with a reason', async () => {
    const calls = serve('manager');
    render(<App />);
    expect(
      await screen.findByRole('heading', { name: 'Order 5' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'ref manual-5' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    await user.click(screen.getByRole('button', { name: 'Refund the order' }));
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/refund'))).toBe(false);
    await user.type(screen.getByLabelText('Reason'), 'Out of stock');
    await user.click(screen.getByRole('button', { name: 'Refund the order' }));
    expect(await screen.findByText('The order is refunded.')).toBeTruthy();
    const refund = calls.find((call) => call.url.endsWith('/refund'));
    expect(refund).toMatchObject({ method: 'POST', body: 'reason=Out+of+stock' });
  });

  it('counts the codes against the gifts, then asks to confirm before it sends them', async () => {
    const calls = serve('manager');
    render(<App />);
    await screen.findByRole('heading', { name: 'Order 5' }, { timeout: 5_000 });
    const user = userEvent.setup();
    const codes = screen.getByLabelText('Voucher codes, one a line');
    await user.type(codes, 'UMB-1{enter}UMB-2');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    expect(
      await screen.findByText(
        'This order holds 1 gift: give 1 code (2 given), or none for gifts sent without a code.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.clear(codes);
    await user.type(codes, 'UMB-1');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send order 5 to the member?' });
    expect(dialog.textContent).toContain('Member 9000002 (l@example.com)');
    expect(dialog.textContent).toContain('UMB-1');
    // Checking again sends nothing.
    await user.click(screen.getByRole('button', { name: 'Check the codes again' }));
    expect(calls.some((call) => call.url.endsWith('/fulfilment'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    await user.click(await screen.findByRole('button', { name: 'Send and mark fulfilled' }));
    expect(await screen.findByText('The order is fulfilled.')).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/fulfilment'))).toMatchObject({
      method: 'POST',
      body: 'vouchers=UMB-1',
    });
  });

  it('corrects the codes of a fulfilled order with a reason, after a confirmation', async () => {
    const calls = serve('manager', {
      ...order,
      state: 'fulfilled',
      vouchers: ['UMB-1'],
      canFulfil: false,
      canRefund: false,
      canCorrectVouchers: true,
    });
    render(<App />);
    await screen.findByRole('heading', { name: 'Order 5' }, { timeout: 5_000 });
    expect(screen.getByText('UMB-1 (not opened by the member yet)')).toBeTruthy();
    const user = userEvent.setup();
    const codes = screen.getByLabelText('Corrected codes, one a line');
    await user.clear(codes);
    await user.type(codes, 'UMB-9');
    await user.click(screen.getByRole('button', { name: 'Review the correction' }));
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    await user.type(screen.getByLabelText('Why (kept in the audit log)'), 'Typo');
    await user.click(screen.getByRole('button', { name: 'Review the correction' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Send the corrected codes of order 5?',
    });
    expect(dialog.textContent).toContain('instead of UMB-1');
    await user.click(screen.getByRole('button', { name: 'Send the corrected codes' }));
    expect(await screen.findByText('The corrected codes are sent.')).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/vouchers'))).toMatchObject({
      method: 'POST',
      body: 'vouchers=UMB-9&reason=Typo',
    });
  });

  it('offers support no actions', async () => {
    serve('support');
    render(<App />);
    expect(
      await screen.findByRole('heading', { name: 'Order 5' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review and send' })).toBeNull();
  });
});
