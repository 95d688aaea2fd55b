import type { GiftsPage, RedeemPage } from '@club/contract/gifts';
import type { Page } from '@club/contract/page';

/** The gifts page answer with every field present (empty when the answer lacks it). */
export function giftsPageData(page: Page): GiftsPage {
  const data = page as Page & Partial<GiftsPage>;
  return {
    ...page,
    Gifts: data.Gifts ?? [],
    categories: data.categories ?? [],
    category: data.category ?? '',
    order_disabled: data.order_disabled ?? false,
    disabled: data.disabled ?? false,
    taxOK: data.taxOK ?? true,
    registrationInfo: data.registrationInfo ?? '',
    Refresh: data.Refresh ?? 0,
    FirstUsername: data.FirstUsername ?? '',
    partnerUrl: data.partnerUrl ?? null,
    ...(data.taxDetails === undefined ? {} : { taxDetails: data.taxDetails }),
    orderingReopensOn: data.orderingReopensOn ?? null,
  };
}

/** The redeem-points page answer with every field present. */
export function redeemPageData(page: Page): RedeemPage {
  const data = page as Page & Partial<RedeemPage>;
  return {
    ...page,
    listgifts: data.listgifts ?? [],
    total: data.total ?? 0,
    noOrder: data.noOrder ?? false,
    noneDet: data.noneDet ?? false,
    order_disabled: data.order_disabled ?? false,
    disabled: data.disabled ?? false,
    Refresh: data.Refresh ?? 0,
    giftDeliveryAddress: data.giftDeliveryAddress ?? '',
    delivery_option: data.delivery_option ?? 'self',
    orderKey: data.orderKey ?? '',
    partnerUrl: data.partnerUrl ?? null,
  };
}
