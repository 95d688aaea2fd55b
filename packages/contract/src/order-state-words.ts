import type { OrderState } from './gift-rules.js';

/**
 * The one set of words for an order's state: the order queue and page, the
 * member view, the orders-by-state report (chart and CSV), `orders.csv` and
 * the audit log all say these. A failed order's points always came back, so
 * it reads "Refunded", never "Failed". No schema library here: the console's
 * member view loads without one.
 */
export const orderStateWords: Record<OrderState, string> = {
  placed: 'Placed',
  submitted: 'Sent to the provider',
  fulfilled: 'Fulfilled',
  failed: 'Refunded',
};
