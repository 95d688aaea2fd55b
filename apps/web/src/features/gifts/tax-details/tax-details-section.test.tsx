import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GiftsPage } from '@club/contract/gifts';
import type { TaxDetails } from '@club/contract/tax-details';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  apiData,
  apiError,
  makeGiftsPage,
  makeUser,
  renderGiftsScreen,
  stubApi,
  stubIntersectionObserver,
  type ApiCall,
} from '../testing/gifts-test-utils';
import { GiftsScreen } from '../gift-list/gifts-screen';

afterEach(() => vi.unstubAllGlobals());

const fields: TaxDetails['fields'] = [
  {
    name: 'taxNumber',
    kind: 'code',
    pattern: '\\d{9}',
    example: '123456789',
    maxLength: 9,
    optional: false,
  },
  { name: 'taxOffice', kind: 'text', maxLength: 100, optional: false },
];

const details = (overrides: Partial<TaxDetails> = {}): TaxDetails => ({
  state: 'none',
  fields,
  values: {},
  reason: null,
  sentAt: null,
  decidedAt: null,
  ...overrides,
});

function renderGifts(page: Partial<GiftsPage>, answer: (call: ApiCall) => Response | undefined) {
  stubIntersectionObserver();
  const calls = stubApi(answer);
  renderGiftsScreen(
    <GiftsScreen page={makeGiftsPage({ taxOK: false, order_disabled: true, ...page })} />,
    { path: '/eng/gifts', layout: makeClientLayout(), user: makeUser() },
  );
  return calls;
}

const isSend = (call: ApiCall) =>
  call.method === 'POST' && call.path === '/s2c/auth/v1/tax-details';

describe('tax details on the gift list (issue 30, key moment 7)', () => {
  it('offers a form with a label for every field of the country and sends it: then “being checked”', async () => {
    const calls = renderGifts({ taxDetails: details() }, (call) =>
      isSend(call)
        ? apiData(details({ state: 'sent', values: { taxNumber: '123456789', taxOffice: 'A' } }))
        : undefined,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Your tax details' })).toBeTruthy();
    // The form is a chunk of its own: it comes a moment after the section.
    const number = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Tax number' });
    expect(number.dir).toBe('ltr');
    expect(screen.getByText('123456789').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    const user = userEvent.setup();
    await user.type(number, '12ab');
    await user.click(screen.getByRole('button', { name: 'Send my tax details' }));
    expect(await screen.findByText("Pattern doesn't match")).toBeTruthy();
    expect(screen.getByText('Field is required')).toBeTruthy();
    expect(calls.filter(isSend)).toHaveLength(0);

    await user.clear(number);
    await user.type(number, '123456789');
    await user.type(screen.getByRole('textbox', { name: 'Tax office' }), 'Athens A');
    await user.click(screen.getByRole('button', { name: 'Send my tax details' }));
    expect(
      await screen.findByText('Tax details sent — being checked. This takes a few days.'),
    ).toBeTruthy();
    const sent = calls.find(isSend)!;
    expect(Object.fromEntries(sent.body)).toEqual({
      taxNumber: '123456789',
      taxOffice: 'Athens A',
    });
    expect(screen.queryByRole('button', { name: 'Send my tax details' })).toBeNull();
  });

  it('puts the server’s messages on their fields', async () => {
    renderGifts({ taxDetails: details() }, (call) =>
      isSend(call) ? apiError(400, 'VALIDATION_FAILED', { taxNumber: 'Checked twice' }) : undefined,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Tax number' }), '123456789');
    await user.type(screen.getByRole('textbox', { name: 'Tax office' }), 'Athens A');
    await user.click(screen.getByRole('button', { name: 'Send my tax details' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Tax number' }).getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(screen.getByText('Checked twice')).toBeTruthy();
  });

  it('says why details were refused and offers to send them again, filled with what was sent', async () => {
    renderGifts(
      {
        taxDetails: details({
          state: 'refused',
          reason: 'The number is not yours',
          values: { taxNumber: '123456789', taxOffice: 'Athens A' },
        }),
      },
      () => undefined,
    );
    expect(
      screen.getByText('We could not accept your tax details: The number is not yours'),
    ).toBeTruthy();
    expect(
      (await screen.findByRole<HTMLInputElement>('textbox', { name: 'Tax number' })).value,
    ).toBe('123456789');
    expect(screen.getByRole('button', { name: 'Send them again' })).toBeTruthy();
  });

  it('says “ready to order” once confirmed, and when ordering reopens while the dates close it', () => {
    renderGifts(
      { taxOK: true, order_disabled: false, taxDetails: details({ state: 'confirmed' }) },
      () => undefined,
    );
    expect(
      screen.getByText('Your tax details are confirmed: you are ready to order.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your tax details' })).toBeNull();
    vi.unstubAllGlobals();
  });

  it('says when ordering reopens', () => {
    renderGifts(
      {
        taxOK: true,
        order_disabled: true,
        orderingReopensOn: '2030-12-01',
        taxDetails: details({ state: 'confirmed' }),
      },
      () => undefined,
    );
    expect(screen.getByRole('alert').textContent).toMatch(
      /Sorry, ordering is currently disabled Ordering reopens on .*2030/,
    );
  });
});
