/**
 * The gift rules that need no schema (spec 2 §8, §9): the messages, the
 * quantities, the reveal pace, the delivery options and the order states.
 * Kept apart from the schemas of gifts.ts so that the gift list, which only
 * shows what the page answer holds, loads without the schema library.
 */
import type { MessageKey } from './message-catalogue.js';

/**
 * The keys of the spec's messages (§8); their English wording is in
 * message-catalogue.ts. They are the dictionary keys of the screen showing
 * them (decision 022), except ordering's message on redeem points.
 */
export const giftMessages = {
  notEnoughPoints: 'redeem.message.notEnoughPoints',
  noGiftSelected: 'redeem.message.noGiftSelected',
  orderingDisabled: 'gifts.message.orderingDisabled',
  noGifts: 'gifts.message.noGifts',
  addressTooLong: 'redeem.message.addressTooLong',
  addressRequired: 'redeem.message.addressRequired',
  /** Not the spec's (its default is self): the delivery choice starts empty and is required. */
  deliveryRequired: 'redeem.message.deliveryRequired',
  /** Not the spec's: a form without a usable order key. */
  reloadPage: 'redeem.message.reloadPage',
} as const satisfies Record<string, MessageKey>;

/** Ordering's message on redeem points, whose answer carries the `redeem` words. */
export const redeemOrderingDisabled = 'redeem.message.orderingDisabled' satisfies MessageKey;

/** Quantities per gift run up to 10, capped by stock when stock is above 0 (spec 2 §9). */
export const MAX_GIFT_QUANTITY = 10;
/** Gift cards are revealed this many at a time, with this delay per reveal (spec 2 §9). */
export const GIFTS_PER_REVEAL = 6;
export const GIFT_REVEAL_DELAY_MS = 500;

/** The quantities a gift's select offers: 0 (none) up to 10, capped by stock when stock > 0. */
export function quantityOptions(stock: number): number[] {
  const top = stock > 0 ? Math.min(stock, MAX_GIFT_QUANTITY) : MAX_GIFT_QUANTITY;
  return Array.from({ length: top + 1 }, (_, quantity) => quantity);
}

export const deliveryOptions = ['send', 'self'] as const;
export type DeliveryOption = (typeof deliveryOptions)[number];

/** `sel_gifts[12]=2` page params → `[{ id: 12, quantity: 2 }]` (non-empty quantities only). */
export function chosenQuantities(
  params: Record<string, string>,
): { id: number; quantity: number }[] {
  const chosen: { id: number; quantity: number }[] = [];
  for (const [name, value] of Object.entries(params)) {
    const match = /^sel_gifts\[(\d{1,9})\]$/.exec(name);
    const quantity = Number(value);
    if (match && Number.isInteger(quantity) && quantity > 0) {
      chosen.push({ id: Number(match[1]), quantity: Math.min(quantity, MAX_GIFT_QUANTITY) });
    }
  }
  return chosen;
}

/** Order states: placed (points taken), sent to the provider, fulfilled, or failed (points refunded). */
export const orderStates = ['placed', 'submitted', 'fulfilled', 'failed'] as const;
export type OrderState = (typeof orderStates)[number];

/**
 * Why a failed order was refunded: the provider refused it (its reason is
 * shown), it could not be sent to the provider, the provider did not
 * confirm it in time, or programme staff cancelled it (their reason is shown).
 */
export const refundCauses = ['refused', 'attempts', 'unconfirmed', 'cancelled'] as const;
export type RefundCause = (typeof refundCauses)[number];

/** The gift-list orders by points a member can choose (`?sort=`); none keeps the catalogue's order. */
export const giftSortOrders = ['points-asc', 'points-desc'] as const;
export type GiftSortOrder = (typeof giftSortOrders)[number];

export function isGiftSortOrder(value: string | undefined): value is GiftSortOrder {
  return (giftSortOrders as readonly string[]).includes(value ?? '');
}
