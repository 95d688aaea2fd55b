import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chosenQuantities } from '@club/contract/gifts';
import { setAppConfigForTests } from '../../lib/app-config';
import { writeStoredValue } from '../../lib/client-storage';
import { makeLayoutAnswer } from '../../testing/fake-content-api';
import { renderApp } from '../../testing/render-app';
import {
  apiData,
  makeGift,
  makeGiftsPage,
  makeRedeemPage,
  makeRedeemResult,
  makeUser,
  stubApi,
  type ApiCall,
} from './testing/gifts-test-utils';

type HappyDomWindow = { happyDOM: { setURL(url: string): void } };
const setUrl = (url: string) => (window as unknown as HappyDomWindow).happyDOM.setURL(url);

beforeEach(() => {
  setAppConfigForTests({ rootDomain: 'localhost', tokenStorage: 'local' });
  setUrl('http://gr.localhost:3000/');
});

afterEach(() => vi.unstubAllGlobals());

const isPage =
  (name: string, method = 'GET') =>
  (call: ApiCall) =>
    call.method === method && call.path === `/s2c/content/v1/pages/${name}/`;
const headingReads = (text: string) =>
  waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(text));

const gifts = [
  makeGift({ id: 12, description: 'Travel mug', points: 150 }),
  makeGift({ id: 15, description: 'City guide', points: 200 }),
];

/** Member 7 with a stored session; the gifts and redeem-points pages and the order. */
function memberApi() {
  writeStoredValue('token', 'tok-7');
  writeStoredValue('userId', '7');
  return stubApi(
    (call) => {
      if (call.path === '/s2c/auth/v1/agents/7') return apiData(makeUser());
      if (isPage('gifts')(call)) return apiData(makeGiftsPage({ Gifts: gifts, title: 'Gifts' }));
      if (isPage('redeem-points')(call)) {
        const params = Object.fromEntries(call.query);
        const listgifts = chosenQuantities(params).map(({ id, quantity }) => ({
          gift: gifts.find((gift) => gift.id === id) ?? makeGift({ id }),
          quantity,
        }));
        return apiData(makeRedeemPage({ listgifts, title: 'Redeem', params }));
      }
      if (isPage('redeem-points', 'POST')(call)) return apiData(makeRedeemResult());
      return undefined;
    },
    { layout: makeLayoutAnswer() },
  );
}

describe('the gifts pages in the app', () => {
  it('goes from the gift list to redeem points and orders', async () => {
    const calls = memberApi();
    const user = userEvent.setup();
    renderApp('/gifts');
    await headingReads('Gifts');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity City guide' }), '3');
    await user.click(screen.getByRole('button', { name: 'Order' }));
    await headingReads('Redeem');
    const pageCall = calls.filter(isPage('redeem-points')).at(-1);
    expect(pageCall?.query.get('sel_gifts[15]')).toBe('3');
    expect(pageCall?.query.has('sel_gifts[12]')).toBe(false);
    await user.click(screen.getByLabelText('Collect personally'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(calls.filter(isPage('redeem-points', 'POST'))).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Confirm order' }));
    // The thank-you names the points left after the order.
    const remaining = await screen.findByText('Points remaining');
    expect(remaining.nextElementSibling?.textContent).toBe('435');
    const order = calls.find(isPage('redeem-points', 'POST'));
    expect(order?.body.get('listgifts')).toBe('15:3');
    expect(order?.body.get('sel_gifts[15]')).toBe('3');
  });
});
