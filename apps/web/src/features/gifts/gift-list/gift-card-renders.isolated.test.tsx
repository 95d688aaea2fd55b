import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as giftRules from '@club/contract/gift-rules';
import type * as dictionary from '../../../shared/use-dictionary';
import {
  makeGift,
  makeGiftsPage,
  makeUser,
  renderGiftsScreen,
  stubApi,
} from '../testing/gifts-test-utils';
import { loadMessageFormat } from '../../../shared/wording';
import { GiftsScreen } from './gifts-screen';

// Each card builds its quantity options when it renders: counting the calls counts the cards rendered.
vi.mock('@club/contract/gift-rules', async (original) => {
  const actual = await original<typeof giftRules>();
  return { ...actual, quantityOptions: vi.fn(actual.quantityOptions) };
});

// Every word the page looks up: the heading's and the filters' words show whether they rendered.
const wordsLookedUp: string[] = [];
vi.mock('../../../shared/use-dictionary', async (original) => {
  const actual = await original<typeof dictionary>();
  return {
    ...actual,
    useDictionary: () => {
      const text = actual.useDictionary();
      return (key: string, fallback: string) => {
        wordsLookedUp.push(key);
        return text(key, fallback);
      };
    },
  };
});

describe('gift list, choosing a quantity (issue 19: a quick answer to the input)', () => {
  it('renders again only the card whose quantity changed, and the total follows', async () => {
    // The message formatter is a lazy chunk: once it arrives every text renders again, which is not a quantity's doing.
    await loadMessageFormat();
    stubApi();
    renderGiftsScreen(
      <GiftsScreen
        page={makeGiftsPage({
          Refresh: 10_000,
          Gifts: [
            makeGift({ id: 1, description: 'Mug', points: 100 }),
            makeGift({ id: 2, description: 'Pen', points: 200 }),
            makeGift({ id: 3, description: 'Guide', points: 300 }),
          ],
        })}
      />,
      { path: '/eng/gifts', user: makeUser() },
    );
    const user = userEvent.setup();
    const quantityOptions = vi.mocked(giftRules.quantityOptions);
    quantityOptions.mockClear();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity Pen' }), '2');
    expect(quantityOptions).toHaveBeenCalledTimes(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity Guide' }), '1');
    expect(quantityOptions).toHaveBeenCalledTimes(2);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Quantity Pen' }).value).toBe(
      '2',
    );
    expect(screen.getByText(/Selected: 700 of your 10,000 points/)).toBeTruthy();
  });

  it('does not render the heading, the available points or the filters again', async () => {
    await loadMessageFormat();
    stubApi();
    renderGiftsScreen(
      <GiftsScreen
        page={makeGiftsPage({
          Refresh: 10_000,
          Gifts: [
            makeGift({ id: 1, description: 'Mug', points: 100 }),
            makeGift({ id: 2, description: 'Pen', points: 200 }),
          ],
        })}
      />,
      { path: '/eng/gifts', user: makeUser() },
    );
    expect(wordsLookedUp).toContain('gifts.available');
    expect(wordsLookedUp).toContain('gifts.sort');
    wordsLookedUp.length = 0;
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity Pen' }), '3');
    expect(screen.getByText(/Selected: 600 of your 10,000 points/)).toBeTruthy();
    expect(wordsLookedUp).toContain('gifts.selection');
    expect(wordsLookedUp).not.toContain('gifts.available');
    expect(wordsLookedUp).not.toContain('gifts.sort');
  });
});
