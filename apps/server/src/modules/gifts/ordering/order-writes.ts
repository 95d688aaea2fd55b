import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryOption } from '@club/contract/gifts';

/**
 * A gift order's own rows as plain parameterised text, written with the
 * ledger's rows in one statement (place-order.ts). Drizzle walks every part
 * of a statement on each call, and its insert builder gives each value a
 * part with its column: these two inserts cost it more than the rest of the
 * order together (decision 038). The names are those of schema.ts.
 */
export type NewOrder = {
  id: number;
  agentId: number;
  countryCode: string;
  orderKey: string;
  delivery: DeliveryOption;
  deliveryAddress: string;
  totalPoints: number;
  provider: string;
  /** When it was placed: its creation and its first attempt at the provider. */
  at: Date;
};

export type NewOrderLine = {
  giftId: number;
  quantity: number;
  points: number;
  description: string;
};

/** The order's row, `placed`, with the id drawn beforehand (`overriding system value`). */
export function orderInsert(order: NewOrder): SQL {
  const at = order.at.toISOString();
  return sql`insert into gift_orders (id, agent_id, country_code, order_key, state, delivery,
      delivery_address, total_points, provider, next_attempt_at, created_at)
    overriding system value
    values (${order.id}::int, ${order.agentId}::int, ${order.countryCode}::text,
      ${order.orderKey}::text, 'placed', ${order.delivery}::text, ${order.deliveryAddress}::text,
      ${order.totalPoints}::int, ${order.provider}::text, ${at}::timestamptz, ${at}::timestamptz)`;
}

/** The order's lines as one json parameter: one text for any number of lines. */
export function orderLinesInsert(orderId: number, lines: readonly NewOrderLine[]): SQL {
  return sql`insert into gift_order_lines (order_id, gift_id, quantity, points, description)
    select ${orderId}::int, l."giftId", l.quantity, l.points, l.description
    from json_to_recordset(${JSON.stringify(lines)}::json)
      as l("giftId" int, quantity int, points int, description text)`;
}
