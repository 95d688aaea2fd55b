import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { ClientLayout } from '@club/contract/client-layout';
import type { RedeemPage, RedeemResult } from '@club/contract/gifts';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  apiData,
  apiError,
  makeRedeemPage,
  makeRedeemResult,
  makeUser,
  renderGiftsScreen,
  stubApi,
  type ApiCall,
} from '../testing/gifts-test-utils';
import { RedeemScreen } from './redeem-screen';

afterEach(() => vi.unstubAllGlobals());

const orderPath = '/s2c/content/v1/pages/redeem-points/';

function renderRedeem(
  page: RedeemPage = makeRedeemPage(),
  {
    answer,
    layout = makeClientLayout(),
  }: {
    answer?: (call: ApiCall) => Response | Promise<Response> | undefined;
    layout?: ClientLayout;
  } = {},
) {
  const calls = stubApi(answer);
  const view = renderGiftsScreen(<RedeemScreen page={page} />, {
    path: '/eng/redeem-points?sel_gifts%5B12%5D=2&sel_gifts%5B15%5D=1',
    layout,
    user: makeUser(),
  });
  return { ...view, calls };
}

/** Answers the order submit with `result`. */
const ordering =
  (result: RedeemResult | Response | (() => Promise<Response>)) => (call: ApiCall) => {
    if (call.method !== 'POST' || call.path !== orderPath) return undefined;
    if (typeof result === 'function') return result();
    return result instanceof Response ? result : apiData(result);
  };

const continueButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });
const confirmButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm order' });
/** No way to order left on the page: neither Continue nor Confirm order. */
const noOrderButtons = () =>
  expect(screen.queryByRole('button', { name: /^(Continue|Confirm order)$/ })).toBeNull();

type User = ReturnType<typeof userEvent.setup>;

/** Chooses a delivery (self collection unless one is chosen), continues, and confirms the order. */
async function placeOrderThroughReview(user: User, delivery = 'Collect personally') {
  const choice = screen.getByLabelText<HTMLInputElement>(delivery);
  if (!choice.checked) await user.click(choice);
  await user.click(continueButton());
  await user.click(await screen.findByRole('button', { name: 'Confirm order' }));
}
/** A figure of the thank-you's points, by its label. */
const thankYouFigure = (label: string) =>
  screen.getByText(label, { selector: '.redeem-thanks dt' }).nextElementSibling?.textContent;
const remainingPoints = () => thankYouFigure('Points remaining');
const orders = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === orderPath);

describe('redeem points (spec 2 §2.4 "Redeem points", §4 "Redeem flow")', () => {
  it('shows the chosen gifts, the total and the available points; no delivery preselected', () => {
    renderRedeem();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'GiftQuantityPoints',
      'Travel mug2300',
      'City guide1200',
      'Total500',
      'Available points935',
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Collect personally').checked).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Send to my address').checked).toBe(false);
    expect(screen.getByText('0 of 255 characters; needed to send the gifts.')).toBeTruthy();
  });

  it('orders: posts the form with the page params, shows the thank-you and the remaining points', async () => {
    const user = userEvent.setup();
    const { calls, queryClient } = renderRedeem(makeRedeemPage(), {
      answer: ordering(makeRedeemResult({ Refresh: 435, orderId: 12041 })),
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await placeOrderThroughReview(user);
    const thanks = await screen.findByRole('region', { name: 'Thank you for your order!' });
    // The order number and what was ordered.
    expect(within(thanks).getByText('Order number:', { exact: false }).textContent).toBe(
      // An identifier: no digit grouping.
      'Order number: 12041',
    );
    const ordered = within(thanks).getByRole('list', { name: 'What you ordered' });
    expect(
      within(ordered)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 × Travel mug', '1 × City guide']);
    expect(remainingPoints()).toBe('435');
    expect(
      within(thanks)
        .getByRole('link', { name: 'See this order and how it progresses' })
        .getAttribute('href'),
    ).toBe('/eng/points#order-12041');
    expect(screen.getByRole('status').textContent).toBe('Thank you for your order!');
    const [order] = orders(calls);
    expect(Object.fromEntries(order?.body ?? [])).toEqual({
      'sel_gifts[12]': '2',
      'sel_gifts[15]': '1',
      listgifts: '12:2,15:1',
      delivery: 'self',
      giftDeliveryAddress: '',
      orderKey: 'key-0123456789abcdef',
      countryCode: 'gr',
      languageCode: 'eng',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['agent-points'], refetchType: 'all' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['page', 'gifts'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['page', 'points'] });
    noOrderButtons();
    // The Confirm order button is gone: focus is on the outcome.
    expect(document.activeElement?.textContent).toContain('Thank you for your order!');
  });

  it('asks for the delivery: nothing is preselected, and nothing is sent without a choice', async () => {
    const user = userEvent.setup();
    const { calls } = renderRedeem(makeRedeemPage(), {
      layout: makeClientLayout({
        dictionary: { 'redeem.message.deliveryRequired': 'Επιλέξτε πώς θα παραλάβετε τα δώρα.' },
      }),
    });
    await user.click(continueButton());
    const message = await screen.findByText('Επιλέξτε πώς θα παραλάβετε τα δώρα.');
    const self = screen.getByLabelText('Collect personally');
    expect(self.getAttribute('aria-invalid')).toBe('true');
    expect(self.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(screen.queryByRole('button', { name: 'Confirm order' })).toBeNull();
    expect(orders(calls)).toHaveLength(0);
  });

  it('says where and when gifts are collected, read with the choice', () => {
    renderRedeem(makeRedeemPage(), {
      layout: makeClientLayout({
        dictionary: {
          'redeem.deliverySelfHint': 'Στο γραφείο της λέσχης στην Αθήνα, Δευτέρα έως Παρασκευή.',
        },
      }),
    });
    const hint = screen.getByText('Στο γραφείο της λέσχης στην Αθήνα, Δευτέρα έως Παρασκευή.');
    const self = screen.getByLabelText('Collect personally');
    expect(self.getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('confirms before spending: the delivery, the cost and what remains; going back spends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderRedeem(makeRedeemPage({ giftDeliveryAddress: 'Ermou 10, Athens' }), {
      answer: ordering(makeRedeemResult({ Refresh: 435 })),
    });
    await user.click(screen.getByLabelText('Send to my address'));
    await user.click(continueButton());
    const review = await screen.findByRole('region', { name: 'Confirm your order' });
    expect(document.activeElement?.textContent).toBe('Confirm your order');
    const terms = within(review)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Delivery', 'Send to my address'],
      ['Delivery address', 'Ermou 10, Athens'],
      ['Points it costs', '500'],
      ['Points left after the order', '435'],
    ]);
    expect(orders(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Go back and change' }));
    expect(screen.queryByRole('region', { name: 'Confirm your order' })).toBeNull();
    expect(orders(calls)).toHaveLength(0);
    // The choices are kept; this time the member collects the gifts.
    expect(screen.getByLabelText<HTMLInputElement>('Send to my address').checked).toBe(true);
    await user.click(screen.getByLabelText('Collect personally'));
    await user.click(continueButton());
    const again = await screen.findByRole('region', { name: 'Confirm your order' });
    expect(within(again).queryByText('Delivery address')).toBeNull();
    expect(within(again).getByText('Collect personally')).toBeTruthy();
    await user.click(confirmButton());
    await screen.findByRole('region', { name: 'Thank you for your order!' });
    expect(remainingPoints()).toBe('435');
    expect(orders(calls)).toHaveLength(1);
    expect(orders(calls)[0]?.body.get('delivery')).toBe('self');
  });

  it('shows a refused order key in the banner (no control to put it on)', async () => {
    const user = userEvent.setup();
    const { calls } = renderRedeem(makeRedeemPage({ orderKey: '', delivery_option: 'self' }));
    await user.click(continueButton());
    expect(await screen.findByText('Reload the page and order again.')).toBeTruthy();
    expect(orders(calls)).toHaveLength(0);
  });

  it("shows the server's message for a hidden field in the banner, and the form stays", async () => {
    const user = userEvent.setup();
    renderRedeem(makeRedeemPage(), {
      answer: ordering(
        makeRedeemResult({
          ordered: false,
          validationMessages: { orderKey: ['Φορτώστε ξανά τη σελίδα.'] },
        }),
      ),
    });
    await placeOrderThroughReview(user);
    expect(await screen.findByText('Φορτώστε ξανά τη σελίδα.')).toBeTruthy();
    // Back on the form, to change and continue again.
    expect(continueButton().disabled).toBe(false);
  });

  it("words the form's own message in the page's language, by its key", async () => {
    const user = userEvent.setup();
    renderRedeem(makeRedeemPage({ orderKey: '', delivery_option: 'self' }), {
      layout: makeClientLayout({
        dictionary: { 'redeem.message.reloadPage': 'Φορτώστε ξανά τη σελίδα.' },
      }),
    });
    await user.click(continueButton());
    expect(await screen.findByText('Φορτώστε ξανά τη σελίδα.')).toBeTruthy();
    expect(screen.queryByText('Reload the page and order again.')).toBeNull();
  });

  it('refreshes the status report on opening (spec 2 §4 "Page changes")', () => {
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    renderRedeem();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['agent-points'], refetchType: 'all' });
    invalidate.mockRestore();
  });

  it('sends with the delivery address; requires it to send and limits it to 255 characters', async () => {
    const user = userEvent.setup();
    const { calls } = renderRedeem(makeRedeemPage(), { answer: ordering(makeRedeemResult()) });
    await user.click(screen.getByLabelText('Send to my address'));
    await user.click(continueButton());
    expect(await screen.findByText('Please enter the delivery address.')).toBeTruthy();
    const address = screen.getByLabelText('Delivery address');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    await user.click(address);
    await user.paste('x'.repeat(256));
    expect(screen.getByText('256 of 255 characters; needed to send the gifts.')).toBeTruthy();
    await user.click(continueButton());
    expect(await screen.findByText('Max length exceeded')).toBeTruthy();
    expect(orders(calls)).toHaveLength(0);
    await user.clear(address);
    await user.type(address, 'Ermou 10, Athens');
    await placeOrderThroughReview(user, 'Send to my address');
    await screen.findByRole('region', { name: 'Thank you for your order!' });
    expect(remainingPoints()).toBe('435');
    const [order] = orders(calls);
    expect(order?.body.get('delivery')).toBe('send');
    expect(order?.body.get('giftDeliveryAddress')).toBe('Ermou 10, Athens');
  });

  it('starts with the delivery choice and address of the page when it has one', () => {
    renderRedeem(makeRedeemPage({ delivery_option: 'send', giftDeliveryAddress: 'Ermou 10' }));
    expect(screen.getByLabelText<HTMLInputElement>('Send to my address').checked).toBe(true);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Delivery address').value).toBe('Ermou 10');
  });

  it('shows the server validation on the address field', async () => {
    const user = userEvent.setup();
    renderRedeem(makeRedeemPage(), {
      answer: ordering(
        makeRedeemResult({
          ordered: false,
          validationMessages: { giftDeliveryAddress: ['Please enter the delivery address.'] },
        }),
      ),
    });
    await placeOrderThroughReview(user);
    expect(await screen.findByText('Please enter the delivery address.')).toBeTruthy();
    expect(screen.queryByText('Thank you for your order!')).toBeNull();
  });

  it('disables Confirm order while the submit runs: a double click sends one request', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const { calls } = renderRedeem(makeRedeemPage(), { answer: ordering(() => pending) });
    await user.click(screen.getByLabelText('Collect personally'));
    await user.click(continueButton());
    await user.dblClick(await screen.findByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(confirmButton().disabled).toBe(true));
    await user.click(confirmButton());
    expect(orders(calls)).toHaveLength(1);
    release(apiData(makeRedeemResult()));
    await screen.findByRole('region', { name: 'Thank you for your order!' });
    expect(remainingPoints()).toBe('435');
    expect(orders(calls)).toHaveLength(1);
  });

  it('stacks the thank-you: title, order number, each gift with its quantity, points spent and remaining, a link to the order', async () => {
    const user = userEvent.setup();
    renderRedeem(makeRedeemPage(), {
      answer: ordering(makeRedeemResult({ Refresh: 435, orderId: 12041 })),
    });
    await placeOrderThroughReview(user);
    const thanks = await screen.findByRole('region', { name: 'Thank you for your order!' });
    // One column at every width: its own box, not the alert's row of side-by-side lines.
    expect(thanks.classList.contains('redeem-thanks')).toBe(true);
    const lines = [...thanks.children].map((child) => child.textContent);
    expect(lines).toEqual([
      'Thank you for your order!',
      'Order number: 12041',
      'What you ordered',
      '2 × Travel mug1 × City guide',
      'Points spent500Points remaining435',
      'See this order and how it progresses',
    ]);
    expect(thankYouFigure('Points spent')).toBe('500');
    expect(thankYouFigure('Points remaining')).toBe('435');
    expect(within(thanks).getByText('12041').getAttribute('dir')).toBe('ltr');
  });

  it('links the thank-you to the ordered gifts when the answer has no order number', async () => {
    const user = userEvent.setup();
    renderRedeem(makeRedeemPage(), {
      answer: ordering(makeRedeemResult({ Refresh: 435, orderId: null })),
    });
    await placeOrderThroughReview(user);
    const thanks = await screen.findByRole('region', { name: 'Thank you for your order!' });
    expect(within(thanks).queryByText(/Order number/)).toBeNull();
    expect(
      within(thanks).getByRole('link', { name: 'See your ordered gifts' }).getAttribute('href'),
    ).toBe('/eng/points#ordered-gifts');
  });

  it('shows "not enough points" when the order is refused for the balance', async () => {
    const user = userEvent.setup();
    renderRedeem(makeRedeemPage(), {
      answer: ordering(makeRedeemResult({ ordered: false, orderId: null, noneDet: true })),
    });
    await placeOrderThroughReview(user);
    expect(
      await screen.findByText('You do not have enough points to redeem this item.', {
        selector: '.alert',
      }),
    ).toBeTruthy();
    noOrderButtons();
  });

  it('shows the error text of any other refusal, and lets the member try again', async () => {
    const user = userEvent.setup();
    renderRedeem(makeRedeemPage(), {
      answer: ordering(
        makeRedeemResult({ ordered: false, orderId: null, errorText: 'City guide is sold out.' }),
      ),
    });
    await placeOrderThroughReview(user);
    expect(await screen.findByText('City guide is sold out.', { selector: '.alert' })).toBeTruthy();
    expect(confirmButton().disabled).toBe(false);
  });

  it('shows the generic submit error when the call fails, and ends submitting', async () => {
    const user = userEvent.setup();
    renderRedeem(makeRedeemPage(), { answer: ordering(apiError(500, 'ERROR')) });
    await placeOrderThroughReview(user);
    expect(
      await screen.findByText('Some server or network problems, please try again later'),
    ).toBeTruthy();
    expect(confirmButton().disabled).toBe(false);
  });

  it('shows "not enough points" when the page says so, without the Order button', () => {
    renderRedeem(makeRedeemPage({ noneDet: true }));
    expect(screen.getByText('You do not have enough points to redeem this item.')).toBeTruthy();
    noOrderButtons();
  });

  it.each([{ order_disabled: true }, { disabled: true }])(
    'shows "ordering disabled" (%o), without the Order button',
    (flags) => {
      renderRedeem(makeRedeemPage(flags));
      expect(screen.getByText('Sorry, ordering is currently disabled')).toBeTruthy();
      noOrderButtons();
    },
  );

  it('shows "ordering disabled" without the Order button when the order is refused for maintenance', async () => {
    const user = userEvent.setup();
    renderRedeem(makeRedeemPage(), {
      answer: ordering(makeRedeemResult({ ordered: false, orderId: null, disabled: true })),
    });
    await placeOrderThroughReview(user);
    expect(
      await screen.findByText('Sorry, ordering is currently disabled', { selector: '.alert' }),
    ).toBeTruthy();
    noOrderButtons();
  });

  it('sends a partner-programme user to the partner URL when the order call says so', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderRedeem(makeRedeemPage(), {
      answer: ordering(
        makeRedeemResult({
          ordered: false,
          orderId: null,
          partnerUrl: 'https://partner.example/club',
        }),
      ),
    });
    await placeOrderThroughReview(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://partner.example/club'));
    noOrderButtons();
  });

  it('says "Please select at least one gift." with a Back link when nothing is chosen', () => {
    renderRedeem(makeRedeemPage({ noOrder: true, listgifts: [], total: 0 }));
    expect(screen.getByText(/Please select at least one gift\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the gifts' }).getAttribute('href')).toBe(
      '/eng/gifts',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows Back only when the history has more than one entry; it goes to the gift list', async () => {
    const user = userEvent.setup();
    const length = vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const first = renderRedeem();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    first.unmount();
    length.mockReturnValue(3);
    renderRedeem();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location').textContent).toBe('/eng/gifts');
    length.mockRestore();
  });

  it('sends partner-programme users to the partner URL', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderRedeem(makeRedeemPage({ partnerUrl: 'https://partner.example/club' }));
    expect(assign).toHaveBeenCalledWith('https://partner.example/club');
    noOrderButtons();
  });

  it('reads its words from the dictionary', () => {
    renderRedeem(makeRedeemPage({ noneDet: true }), {
      layout: makeClientLayout({
        dictionary: {
          'redeem.title': 'Εξαργύρωση πόντων',
          'redeem.message.notEnoughPoints': 'Δεν έχετε αρκετούς πόντους.',
        },
      }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Εξαργύρωση πόντων');
    expect(screen.getByText('Δεν έχετε αρκετούς πόντους.')).toBeTruthy();
  });
});
