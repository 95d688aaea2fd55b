import type { OrderedGift, PointsPage } from '@club/contract/points';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A gift order as the points page lists it among the points used (`useArray`). */
export type PointsUsedOnGift = PointsPage['useArray'][number];

/** Whether gift ordering is closed for a country today, and when it reopens (the member home). */
export type OrderingWindow = { closed: boolean; reopensOn: string | null };

/**
 * The country's ordering window read in another statement: `column` gives a
 * column of the rules of the country in the given column, `windowOf` the
 * window of its value on a day. The status report reads it with the session.
 */
export type OrderingWindowColumn = {
  column(countryCode: AnyPgColumn): SQL;
  windowOf(value: unknown, today: string): OrderingWindow;
};

/** What the points pages and the status report show of gift ordering. */
export type GiftOrdering = {
  /** `edenredIsOff`: the voucher order partner is off. */
  orderPartnerOff(): boolean;
  /** The member's gift orders that used points (failed ones gave them back), newest first. */
  pointsUsed(agentId: number): Promise<PointsUsedOnGift[]>;
  /**
   * Every gift order of the member with its timeline, newest first (the
   * Ordered gifts tab), the gifts named in the reader's language where the
   * catalogue has it.
   */
  orders(agentId: number, languageCode: string): Promise<OrderedGift[]>;
  /** Gift names in a language by gift id (an order's ledger line); gifts without one are left out. */
  giftNames(giftIds: readonly number[], languageCode: string): Promise<Map<number, string>>;
  /** The ordering window of a country on a day. */
  orderingWindow(countryCode: string, today: string): Promise<OrderingWindow>;
  /** The same, as a column of another statement; undefined: ask `orderingWindow`. */
  orderingWindowColumn(): OrderingWindowColumn | undefined;
};

const noGiftOrdering: GiftOrdering = {
  orderPartnerOff: () => false,
  pointsUsed: () => Promise.resolve([]),
  orders: () => Promise.resolve([]),
  giftNames: () => Promise.resolve(new Map<number, string>()),
  orderingWindow: () => Promise.resolve({ closed: false, reopensOn: null }),
  orderingWindowColumn: () => undefined,
};

/**
 * The port through which the gifts module, which sits above points (it
 * spends points through the ledger), tells points about gift orders: points
 * never imports gifts. Until gifts supplies it, there are no orders.
 */
export class GiftsForPoints implements GiftOrdering {
  private ordering: GiftOrdering = noGiftOrdering;

  /** Called by the gifts module when it is registered. */
  supply(ordering: GiftOrdering): void {
    this.ordering = ordering;
  }

  orderPartnerOff(): boolean {
    return this.ordering.orderPartnerOff();
  }

  pointsUsed(agentId: number): Promise<PointsUsedOnGift[]> {
    return this.ordering.pointsUsed(agentId);
  }

  orders(agentId: number, languageCode: string): Promise<OrderedGift[]> {
    return this.ordering.orders(agentId, languageCode);
  }

  giftNames(giftIds: readonly number[], languageCode: string): Promise<Map<number, string>> {
    if (giftIds.length === 0) return Promise.resolve(new Map<number, string>());
    return this.ordering.giftNames(giftIds, languageCode);
  }

  orderingWindow(countryCode: string, today: string): Promise<OrderingWindow> {
    return this.ordering.orderingWindow(countryCode, today);
  }

  orderingWindowColumn(): OrderingWindowColumn | undefined {
    return this.ordering.orderingWindowColumn();
  }
}
