import type { DeliveryOption } from '@club/contract/gifts';

/** What the voucher provider gets of an order. */
export type ProviderOrder = {
  id: number;
  agentId: number;
  memberNumber: string;
  countryCode: string;
  delivery: DeliveryOption;
  deliveryAddress: string;
  totalPoints: number;
  lines: { giftId: number; quantity: number; points: number; description: string }[];
};

/** `accepted`: the provider has it; `refused`: it never will (fail now); `retry`: try again later. */
export type PlaceResult =
  | { outcome: 'accepted'; ref: string }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'retry'; reason: string };

/**
 * `cancelled`: the provider does not hold the order and never will (it
 * refuses the id from now on); `held`: it has the order and keeps it.
 */
export type CancelResult = { outcome: 'cancelled' } | { outcome: 'held'; ref: string };

/** `vouchers`: the codes the member redeems (none for a gift sent without one). */
export type StatusResult =
  | { state: 'pending' }
  | { state: 'fulfilled'; vouchers?: string[] }
  | { state: 'refused'; reason: string };

/**
 * The voucher provider of gift orders (docs/gifts.md): availability (the
 * partner check and `edenredIsOff`), placing an order, and its status. The
 * club calls it after an order's transaction committed, from the order queue.
 */
export interface VoucherProvider {
  readonly name: 'manual' | 'http';
  /**
   * False when there is no status to ask: the manual provider's orders wait
   * for staff, so the queue does not poll them. Default true.
   */
  readonly hasOrderStatus?: boolean;
  /** Whether ordering through the provider is possible now. */
  isAvailable(): Promise<boolean>;
  placeOrder(order: ProviderOrder): Promise<PlaceResult>;
  orderStatus(ref: string): Promise<StatusResult>;
  /**
   * Before the club gives up on an order it could not place (attempts used,
   * or not confirmed in time), it makes sure the provider will never fulfil
   * it: only then do its points come back. Throws when the provider cannot
   * be asked; the club asks again later.
   */
  cancelOrder(orderId: number): Promise<CancelResult>;
}
