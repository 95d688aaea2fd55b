import { vi } from 'vitest';
import type { Gift, GiftsPage, RedeemPage, RedeemResult } from '@club/contract/gifts';
import { makePage } from '../../../testing/membership-test-utils';

export {
  apiData,
  apiError,
  makeUser,
  renderMembershipScreen as renderGiftsScreen,
  stubApi,
  type ApiCall,
} from '../../../testing/membership-test-utils';

export function makeGift(overrides: Partial<Gift> = {}): Gift {
  const id = overrides.id ?? 1;
  return {
    id,
    img: '',
    description: `Gift ${id}`,
    text: '',
    points: 100,
    link: '',
    category: 'books',
    stock: 0,
    ...overrides,
  };
}

/** `count` gifts with ids 1…count. */
export function makeGifts(count: number): Gift[] {
  return Array.from({ length: count }, (_, index) => makeGift({ id: index + 1 }));
}

export function makeGiftsPage(overrides: Partial<GiftsPage> = {}): GiftsPage {
  return makePage(
    'gifts',
    {
      Gifts: makeGifts(3),
      categories: [
        { id: 'books', name: 'Books' },
        { id: 'travel', name: 'Travel' },
      ],
      category: '',
      order_disabled: false,
      disabled: false,
      taxOK: true,
      registrationInfo: '',
      Refresh: 935,
      FirstUsername: 'Eleni',
      partnerUrl: null,
      ...overrides,
    },
    { title: '' },
  );
}

export function makeRedeemPage(overrides: Partial<RedeemPage> = {}): RedeemPage {
  return makePage(
    'redeem-points',
    {
      listgifts: [
        { gift: makeGift({ id: 12, description: 'Travel mug', points: 150 }), quantity: 2 },
        { gift: makeGift({ id: 15, description: 'City guide', points: 200 }), quantity: 1 },
      ],
      total: 500,
      noOrder: false,
      noneDet: false,
      order_disabled: false,
      disabled: false,
      Refresh: 935,
      giftDeliveryAddress: '',
      delivery_option: '' as const,
      orderKey: 'key-0123456789abcdef',
      partnerUrl: null,
      ...overrides,
    },
    { title: '', params: { 'sel_gifts[12]': '2', 'sel_gifts[15]': '1' } },
  );
}

export function makeRedeemResult(overrides: Partial<RedeemResult> = {}): RedeemResult {
  return {
    ordered: true,
    orderId: 41,
    Refresh: 435,
    noOrder: false,
    noneDet: false,
    order_disabled: false,
    disabled: false,
    partnerUrl: null,
    errorText: '',
    ...overrides,
  };
}

/**
 * A controllable IntersectionObserver: `setInView(true)` tells every observer
 * that its element scrolled into view.
 */
export function stubIntersectionObserver(): { setInView: (inView: boolean) => void } {
  const callbacks = new Set<IntersectionObserverCallback>();
  class FakeObserver {
    private readonly callback: IntersectionObserverCallback;
    constructor(callback: IntersectionObserverCallback) {
      this.callback = callback;
    }
    observe() {
      callbacks.add(this.callback);
    }
    disconnect() {
      callbacks.delete(this.callback);
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    setInView: (inView) => {
      for (const callback of [...callbacks])
        callback(
          [{ isIntersecting: inView } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
    },
  };
}
