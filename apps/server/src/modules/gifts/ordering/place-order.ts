import { eq, sql } from 'drizzle-orm';
import { idArray, jsonArray, readColumns, type ColumnRead } from '../../../db/columns.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { MAX_GIFT_QUANTITY, type DeliveryOption } from '@club/contract/gifts';
import type { KeyedMessage } from '@club/contract/message-catalogue';
import type { Database } from '../../../db/client.js';
import type { Member } from '../../agents/members.js';
import { memberPageUrlColumn } from '../../content/member-page-urls.js';
import { mailTemplateWordsColumn } from '../../mail/mail-templates.js';
import { outboxInsert } from '../../mail/outbox.js';
import { outboxSignal } from '../../mail/outbox-signal.js';
import { LedgerSession, NotEnoughPoints } from '../../points/ledger.js';
import { pointBalances } from '../../points/schema.js';
import { giftNamesColumn } from '../catalogue/catalogue.js';
import { orderBlock, orderGateColumn, type OrderGateInput } from './order-gate.js';
import { orderInsert, orderLinesInsert } from './order-writes.js';
import { orderPlacedSignal } from './order-signal.js';

export type OrderRequest = {
  member: Member;
  orderKey: string;
  lines: { id: number; quantity: number }[];
  delivery: DeliveryOption;
  deliveryAddress: string;
  provider: string;
  today: string;
  now: Date;
  /** The gate's inputs besides the member and the day (the page's country, partner and programme). */
  gate: Omit<OrderGateInput, 'member' | 'today'>;
};

export type OrderOutcome =
  /** `repeated`: the order key's order was placed before (a resubmitted form). */
  | { kind: 'ordered'; orderId: number; available: number; repeated?: true }
  | { kind: 'disabled' }
  | { kind: 'maintenance' }
  | { kind: 'partner'; partnerUrl: string }
  | { kind: 'none' }
  | { kind: 'notEnoughPoints' }
  /** A gift of the order cannot be had: the message's key and values, worded by the page. */
  | { kind: 'refused'; reason: KeyedMessage };

/** Rolls the transaction back with an answer for the member. */
class Refusal extends Error {
  constructor(readonly outcome: OrderOutcome) {
    super(outcome.kind);
  }
}

/** `listgifts` (`12:2,15:1`) → lines, quantities summed per gift and kept to 1…10. */
export function parseListGifts(listgifts: string): { id: number; quantity: number }[] {
  const quantities = new Map<number, number>();
  for (const pair of listgifts.split(',')) {
    const [id, quantity] = pair.split(':').map(Number);
    if (id === undefined || quantity === undefined) continue;
    if (!Number.isInteger(id) || !Number.isInteger(quantity) || id <= 0 || quantity <= 0) continue;
    quantities.set(id, (quantities.get(id) ?? 0) + quantity);
  }
  return [...quantities.entries()]
    .map(([id, quantity]) => ({ id, quantity: Math.min(quantity, MAX_GIFT_QUANTITY) }))
    .sort((a, b) => a.id - b.id);
}

/** The id of the member's order with this key, if one was placed, as a column. */
function existingOrderColumn(agentId: number, orderKey: string): ColumnRead<number | undefined> {
  return {
    sql: sql`select id from gift_orders where agent_id = ${agentId} and order_key = ${orderKey}`,
    decode: (value) => (value === null || value === undefined ? undefined : Number(value)),
  };
}

async function existingOrder(db: Database, agentId: number, orderKey: string) {
  return (await readColumns(db, { id: existingOrderColumn(agentId, orderKey) })).id;
}

/** A new order's id, drawn before its rows are written so that the ledger entry and the mail can name it. */
const newOrderIdColumn: ColumnRead<number> = {
  sql: sql`select nextval(pg_get_serial_sequence('gift_orders', 'id'))`,
  decode: (value) => Number(value),
};

async function available(db: Database, agentId: number): Promise<number> {
  const [row] = await db
    .select({ available: pointBalances.available })
    .from(pointBalances)
    .where(eq(pointBalances.agentId, agentId));
  return row?.available ?? 0;
}

type LockedGift = {
  id: number;
  points: number;
  stock: number | null;
  active: boolean;
  countryCode: string;
};

/**
 * The ordered gifts' rows, locked in id order, as a column: a gift with
 * counted stock exclusively (its stock is taken), one without shared, so
 * that staff cannot change it under the order while orders of other members
 * for it go on side by side instead of one after another. A locked row is
 * read as it is once the lock is held.
 */
function lockedGiftsColumn(ids: number[]): ColumnRead<LockedGift[]> {
  const columns = sql.raw(`id, points, stock, active, country_code as "countryCode"`);
  return {
    sql: sql`with counted as (
        select ${columns} from gifts where id = any(${idArray(ids)}) and stock is not null
        order by id for update),
      uncounted as (
        select ${columns} from gifts where id = any(${idArray(ids)}) and stock is null
        order by id for share)
      select json_agg(g) from (select * from counted union all select * from uncounted) g`,
    decode: (value) => jsonArray<LockedGift>(value),
  };
}

/**
 * Places an order in one transaction (docs/gifts.md "Orders") of two
 * statements on its way (three when the member's lock waited on another
 * change of their points): the member's balance row is locked, with their
 * lots and what the order's gate, lines and mail say read alongside, and the
 * gifts' rows locked in id order; stock and points are checked and the ledger
 * debited oldest credit first in memory; then one statement writes the
 * order, its lines, the confirmation mail, the counted stock taken and the
 * ledger's rows. Any refusal rolls everything back. The same order key
 * places one order however often and however concurrently it is submitted.
 */
export async function placeOrder(db: Database, request: OrderRequest): Promise<OrderOutcome> {
  const { member } = request;
  const locale = { countryCode: member.countryCode, languageCode: member.languageCode };
  const ids = request.lines.map((line) => line.id);
  try {
    return await db.transaction(async (tx) => {
      // Orders of one member go one at a time from here. What the gate, the
      // lines and the mail say is read in the same statement, and the gifts'
      // rows are locked after the balance.
      const locked = await LedgerSession.lock(tx, [member.id], {
        along: {
          gate: orderGateColumn({ ...request.gate, member, today: request.today }),
          names: giftNamesColumn(locale, ids),
          confirmation: mailTemplateWordsColumn({ template: 'order-confirmation', ...locale }),
          pointsLink: memberPageUrlColumn(locale, 'points'),
          gifts: lockedGiftsColumn(ids),
          orderId: newOrderIdColumn,
        },
        // A submit of the same key may have committed while we waited for the lock.
        afterLock: { placed: existingOrderColumn(member.id, request.orderKey) },
      });
      const { placed, gate, names, confirmation, pointsLink, gifts, orderId } = locked.read;
      if (placed !== undefined) {
        return {
          kind: 'ordered',
          orderId: placed,
          available: locked.balance(member.id).available,
          repeated: true,
        };
      }
      // The pages' own rule: what the pages would not offer is never placed.
      const block = orderBlock(gate);
      if (block === 'partner') return { kind: 'partner', partnerUrl: gate.partnerUrl! };
      if (block === 'maintenance') return { kind: 'maintenance' };
      if (block === 'disabled') return { kind: 'disabled' };
      if (request.lines.length === 0) return { kind: 'none' };
      const nameOf = (id: number) => names.get(id) ?? `#${id}`;
      const session = locked.open(request.today);

      const lines = request.lines.map((line) => {
        const gift = gifts.find((row) => row.id === line.id);
        if (gift === undefined || !gift.active || gift.countryCode !== member.countryCode) {
          throw new Refusal({
            kind: 'refused',
            reason: { key: 'redeem.message.unavailable', values: { gift: nameOf(line.id) } },
          });
        }
        if (gift.stock !== null && gift.stock < line.quantity) {
          throw new Refusal({
            kind: 'refused',
            reason:
              gift.stock === 0
                ? { key: 'redeem.message.soldOut', values: { gift: nameOf(line.id) } }
                : {
                    key: 'redeem.message.fewLeft',
                    values: { gift: nameOf(line.id), count: gift.stock },
                  },
          });
        }
        return { ...line, points: gift.points, counted: gift.stock !== null };
      });
      const total = lines.reduce((sum, line) => sum + line.points * line.quantity, 0);
      // Throws NotEnoughPoints: the transaction rolls back and nothing is kept.
      session.debit(member.id, {
        kind: 'order',
        amount: total,
        orderId,
        description: {
          key: 'order',
          params: {
            orderId,
            // The names in the ordering language: the reader's own language names them when it can.
            gifts: lines.map((line) => ({
              id: line.id,
              quantity: line.quantity,
              name: nameOf(line.id),
            })),
          },
        },
      });

      const writes = [
        orderInsert({
          id: orderId,
          agentId: member.id,
          countryCode: member.countryCode,
          orderKey: request.orderKey,
          delivery: request.delivery,
          deliveryAddress: request.delivery === 'send' ? request.deliveryAddress : '',
          totalPoints: total,
          provider: request.provider,
          at: request.now,
        }),
        orderLinesInsert(
          orderId,
          lines.map((line) => ({
            giftId: line.id,
            quantity: line.quantity,
            points: line.points,
            description: nameOf(line.id),
          })),
        ),
        outboxInsert(member.email, confirmation, {
          firstName: member.firstName,
          orderId: String(orderId),
          points: String(total),
          gifts: lines.map((line) => `${line.quantity} × ${nameOf(line.id)}`).join(', '),
          link: pointsLink,
        }),
      ];
      const counted = lines.filter((line) => line.counted);
      if (counted.length > 0) {
        writes.push(sql`update gifts set stock = gifts.stock - v.quantity
          from (values ${sql.join(
            counted.map((line) => sql`(${line.id}::int, ${line.quantity}::int)`),
            sql`, `,
          )}) as v(id, quantity)
          where gifts.id = v.id and gifts.stock is not null`);
      }
      // The order, its lines, the mail, the stock and the ledger: one statement.
      await session.flush(writes);
      outboxSignal.raise();
      // The order worker sends it to the provider once this transaction has committed.
      orderPlacedSignal.raise();
      return { kind: 'ordered', orderId, available: session.balance(member.id).available };
    });
  } catch (error) {
    if (error instanceof NotEnoughPoints) return { kind: 'notEnoughPoints' };
    if (error instanceof Refusal) return error.outcome;
    // The balance lock makes a second order with the key unreachable; the unique index keeps it true regardless.
    if (isUniqueViolation(error, 'gift_orders_key_idx')) {
      const other = await existingOrder(db, member.id, request.orderKey);
      if (other !== undefined) {
        return { kind: 'ordered', orderId: other, available: await available(db, member.id) };
      }
    }
    throw error;
  }
}
