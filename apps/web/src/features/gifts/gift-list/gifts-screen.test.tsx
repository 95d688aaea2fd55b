import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GiftsPage } from '@club/contract/gifts';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  makeGift,
  makeGifts,
  makeGiftsPage,
  makeUser,
  renderGiftsScreen,
  stubApi,
  stubIntersectionObserver,
} from '../testing/gifts-test-utils';
import { GiftsScreen } from './gifts-screen';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderGifts(
  page: GiftsPage = makeGiftsPage(),
  { path = '/eng/gifts', layout = makeClientLayout() } = {},
) {
  stubApi();
  return renderGiftsScreen(<GiftsScreen page={page} />, { path, layout, user: makeUser() });
}

const location = () => screen.getByTestId('location').textContent;
const cards = () => screen.queryAllByRole('listitem').filter((item) => item.matches('.gift-card'));
const quantity = (name: string) =>
  screen.getByRole<HTMLSelectElement>('combobox', { name: `Quantity ${name}` });
const orderButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Order' });

describe('gift list (spec 2 §2.4 "Gift list")', () => {
  it('shows each gift: image or the default icon, name, points, quantity, link and text', () => {
    renderGifts(
      makeGiftsPage({
        Gifts: [
          makeGift({
            id: 4,
            description: 'Travel mug',
            img: '/media/gifts/mug.png',
            points: 1500,
            link: 'https://partner.example/mug',
            text: '<p>Keeps coffee <strong>hot</strong></p>',
          }),
          makeGift({ id: 5, description: 'City guide' }),
        ],
      }),
    );
    const [mug, guide] = cards() as [HTMLElement, HTMLElement];
    expect(within(mug).getByRole('heading', { name: 'Travel mug' })).toBeTruthy();
    expect(mug.querySelector('img')?.getAttribute('src')).toBe('/media/gifts/mug.png');
    expect(within(mug).getByText('1,500 points')).toBeTruthy();
    expect(quantity('Travel mug').name).toBe('sel_gifts[4]');
    const link = within(mug).getByRole('link', { name: /More about this gift/ });
    expect(link.getAttribute('href')).toBe('https://partner.example/mug');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(mug).getByText('hot').tagName).toBe('STRONG');
    expect(within(guide).getByTestId('default-gift-icon')).toBeTruthy();
    expect(within(guide).queryByRole('link')).toBeNull();
    expect(screen.getByText('935')).toBeTruthy();
  });

  it('gives an image the alt text staff wrote for it; an image without one stays decorative', () => {
    renderGifts(
      makeGiftsPage({
        Gifts: [
          makeGift({
            id: 4,
            description: 'Travel mug',
            img: '/media/gifts/mug.png',
            imgAlt: 'A red mug with the club’s logo',
          }),
          makeGift({ id: 5, description: 'City guide', img: '/media/gifts/guide.png' }),
          makeGift({ id: 6, description: 'Pen', img: '/media/gifts/pen.png', imgAlt: '' }),
        ],
      }),
    );
    const [mug, guide, pen] = cards() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(mug).getByRole('img', { name: 'A red mug with the club’s logo' })).toBeTruthy();
    expect(guide.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(pen.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('marks the gifts beyond the available points with the points still needed', () => {
    renderGifts(
      makeGiftsPage({
        Refresh: 935,
        Gifts: [
          makeGift({ id: 4, description: 'Travel mug', points: 1500 }),
          makeGift({ id: 5, description: 'City guide', points: 935 }),
        ],
      }),
    );
    const [mug, guide] = cards() as [HTMLElement, HTMLElement];
    expect(mug.classList.contains('gift-card--unaffordable')).toBe(true);
    const needed = within(mug).getByText('565 more points needed');
    expect(quantity('Travel mug').getAttribute('aria-describedby')).toBe(needed.id);
    expect(guide.classList.contains('gift-card--unaffordable')).toBe(false);
    expect(within(guide).queryByText(/more points needed/)).toBeNull();
  });

  it('totals the selection against the available points, read out politely', async () => {
    const user = userEvent.setup();
    renderGifts(
      makeGiftsPage({
        Refresh: 935,
        Gifts: [
          makeGift({ id: 4, description: 'Travel mug', points: 300 }),
          makeGift({ id: 5, description: 'City guide', points: 200 }),
        ],
      }),
    );
    const total = screen.getByText(/^Selected:/).parentElement!;
    expect(total.getAttribute('aria-live')).toBe('polite');
    expect(total.textContent).toBe('Selected: 0 of your 935 points');
    await user.selectOptions(quantity('Travel mug'), '2');
    expect(total.textContent).toBe('Selected: 600 of your 935 points');
    await user.selectOptions(quantity('City guide'), '3');
    expect(total.textContent).toBe(
      'Selected: 1,200 of your 935 pointsYour selection costs 265 points more than you have.',
    );
  });

  it('sorts by points as the URL says, and a change of order keeps the category and the choices', async () => {
    const user = userEvent.setup();
    const page = makeGiftsPage({
      category: 'travel',
      categories: [{ id: 'travel', name: 'Travel' }],
      params: { category: 'travel', sort: 'points-desc' },
      Gifts: [
        makeGift({ id: 1, description: 'Middle', points: 200 }),
        makeGift({ id: 2, description: 'Cheap', points: 100 }),
        makeGift({ id: 3, description: 'Dear', points: 300 }),
      ],
    });
    renderGifts(page, { path: '/eng/gifts?category=travel&sort=points-desc' });
    const names = () => cards().map((card) => within(card).getByRole('heading').textContent);
    expect(names()).toEqual(['Dear', 'Middle', 'Cheap']);
    const sort = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by points' });
    expect(sort.value).toBe('points-desc');
    await user.selectOptions(quantity('Cheap'), '1');
    await user.selectOptions(sort, 'points-asc');
    expect(location()).toBe('/eng/gifts?category=travel&sort=points-asc');
    await user.selectOptions(sort, '');
    expect(location()).toBe('/eng/gifts?category=travel');
  });

  it('offers 0 to 10, capped by the stock when the stock is above 0', () => {
    renderGifts(
      makeGiftsPage({
        Gifts: [
          makeGift({ id: 1, description: 'Uncounted', stock: 0 }),
          makeGift({ id: 2, description: 'Few left', stock: 3 }),
          makeGift({ id: 3, description: 'Many left', stock: 40 }),
        ],
      }),
    );
    const values = (name: string) => [...quantity(name).options].map((option) => option.value);
    expect(values('Uncounted')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(values('Few left')).toEqual(['0', '1', '2', '3']);
    expect(values('Many left')).toHaveLength(11);
  });

  it('keeps the submit disabled while the sum is 0, then goes to redeem-points with the non-empty quantities', async () => {
    const user = userEvent.setup();
    renderGifts();
    expect(orderButton().disabled).toBe(true);
    await user.selectOptions(quantity('Gift 1'), '2');
    await user.selectOptions(quantity('Gift 3'), '1');
    expect(orderButton().disabled).toBe(false);
    await user.selectOptions(quantity('Gift 3'), '0');
    await user.selectOptions(quantity('Gift 2'), '4');
    await user.click(orderButton());
    expect(location()).toBe(
      `/eng/redeem-points?${new URLSearchParams({ 'sel_gifts[1]': '2', 'sel_gifts[2]': '4' }).toString()}`,
    );
  });

  it('navigates on a category change; All removes the category parameter', async () => {
    const user = userEvent.setup();
    renderGifts(makeGiftsPage({ category: '' }));
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Category' });
    expect([...select.options].map((option) => option.text)).toEqual(['All', 'Books', 'Travel']);
    await user.selectOptions(select, 'travel');
    expect(location()).toBe('/eng/gifts?category=travel');
  });

  it('All removes the category parameter', async () => {
    const user = userEvent.setup();
    renderGifts(makeGiftsPage({ category: 'books' }), { path: '/eng/gifts?category=books' });
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Category' });
    expect(select.value).toBe('books');
    await user.selectOptions(select, '');
    expect(location()).toBe('/eng/gifts');
  });

  it('says "Sorry, no gifts to choose" when the list is empty', () => {
    renderGifts(makeGiftsPage({ Gifts: [] }));
    expect(screen.getByText('Sorry, no gifts to choose')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Order' })).toBeNull();
  });

  it.each([
    ['order_disabled', { order_disabled: true }],
    ['disabled (voucher partner off)', { disabled: true }],
  ])('says ordering is disabled when %s, and keeps the submit disabled', async (_, flags) => {
    const user = userEvent.setup();
    renderGifts(makeGiftsPage(flags));
    expect(screen.getByRole('alert').textContent).toBe('Sorry, ordering is currently disabled');
    await user.selectOptions(quantity('Gift 1'), '1');
    expect(orderButton().disabled).toBe(true);
  });

  it('shows the default tax notice while the tax information is missing', () => {
    renderGifts(makeGiftsPage({ taxOK: false, order_disabled: true }));
    expect(
      screen.getByText(/provide your tax information to unlock the Order button/),
    ).toBeTruthy();
    expect(screen.getByText(/takes a few days/)).toBeTruthy();
  });

  it("shows the country's tax notice when there is one, and none once the tax information is verified", () => {
    const { unmount } = renderGifts(
      makeGiftsPage({ taxOK: false, registrationInfo: '<p>Send us your <em>tax form</em>.</p>' }),
    );
    expect(screen.getByText('tax form').tagName).toBe('EM');
    expect(screen.queryByText(/provide your tax information/)).toBeNull();
    unmount();
    renderGifts(makeGiftsPage({ taxOK: true }));
    expect(screen.queryByText(/tax/)).toBeNull();
  });

  it('reads its words from the dictionary', () => {
    renderGifts(makeGiftsPage({ Gifts: [] }), {
      layout: makeClientLayout({
        dictionary: {
          'gifts.title': 'Λίστα δώρων',
          'gifts.message.noGifts': 'Λυπούμαστε, δεν υπάρχουν δώρα',
        },
      }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Λίστα δώρων');
    expect(screen.getByText('Λυπούμαστε, δεν υπάρχουν δώρα')).toBeTruthy();
  });
});

describe('gift list in a right-to-left page', () => {
  it('reads Arabic words and formats numbers for the page', () => {
    renderGifts(makeGiftsPage({ Refresh: 1250 }), {
      path: '/ara/gifts',
      layout: makeClientLayout({
        countryCode: 'ae',
        languageCode: 'ara',
        languageShortCode: 'ar',
        languageRoute: '/ara',
        routePrefix: '/ara',
        isRtl: true,
        dictionary: { 'gifts.quantity': 'الكمية', 'gifts.title': 'قائمة الهدايا' },
      }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('قائمة الهدايا');
    expect(screen.getByRole('combobox', { name: 'الكمية Gift 1' })).toBeTruthy();
    expect(screen.getByText(new Intl.NumberFormat('ar-AE').format(1250))).toBeTruthy();
  });
});

describe('gift reveal (spec 2 §9: 6 at a time, 500 ms per reveal)', () => {
  it('reveals six more cards 500 ms after the end of the list scrolls into view', () => {
    vi.useFakeTimers();
    const observer = stubIntersectionObserver();
    renderGifts(makeGiftsPage({ Gifts: makeGifts(14) }));
    expect(cards()).toHaveLength(6);
    expect(screen.getByText('Showing 6 of 14 gifts')).toBeTruthy();
    void act(() => observer.setInView(true));
    void act(() => vi.advanceTimersByTime(499));
    expect(cards()).toHaveLength(6);
    void act(() => vi.advanceTimersByTime(1));
    expect(cards()).toHaveLength(12);
    // Still in view: the next batch after another delay.
    void act(() => vi.advanceTimersByTime(500));
    expect(cards()).toHaveLength(14);
    expect(screen.getByText('Showing 14 of 14 gifts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more gifts' })).toBeNull();
  });

  it('stops revealing once the end of the list leaves the view', () => {
    vi.useFakeTimers();
    const observer = stubIntersectionObserver();
    renderGifts(makeGiftsPage({ Gifts: makeGifts(20) }));
    void act(() => observer.setInView(true));
    void act(() => vi.advanceTimersByTime(500));
    expect(cards()).toHaveLength(12);
    void act(() => observer.setInView(false));
    void act(() => vi.advanceTimersByTime(5000));
    expect(cards()).toHaveLength(12);
  });

  it('lets keyboard users reach every gift: focus on the last card or "Show more gifts"', () => {
    stubIntersectionObserver();
    renderGifts(makeGiftsPage({ Gifts: makeGifts(14) }));
    fireEvent.focus(quantity('Gift 6'));
    expect(cards()).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Show more gifts' }));
    expect(cards()).toHaveLength(14);
  });
});

describe('partner-programme users (spec 2 §6)', () => {
  it('go to the partner URL instead of the gift list', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderGifts(makeGiftsPage({ partnerUrl: 'https://partner.example/club' }));
    expect(assign).toHaveBeenCalledWith('https://partner.example/club');
    expect(screen.getByText(/Taking you to the partner programme/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Go to the partner programme' }).getAttribute('href'),
    ).toBe('https://partner.example/club');
    expect(screen.queryByRole('button', { name: 'Order' })).toBeNull();
  });
});
