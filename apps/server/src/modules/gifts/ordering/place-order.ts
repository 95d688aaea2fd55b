import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows.js';
import { MAX_GIFT_QUANTITY, type DeliveryOption } from '@club/contract/gifts';
import type { Database, Transaction } from '../../../db/client.js';
import type { Member } from '../../agents/members.js';
import { memberPageUrl } from '../../account-links/link-urls.js';
import { mailTemplateWords } from '../../mail/mail-templates.js';
import { outboxRow } from '../../mail/outbox.js';
import { outboxSignal } from '../../mail/outbox-signal.js';
import { mailOutbox } from '../../mail/schema.js';
import { LedgerSession, NotEnoughPoints } from '../../points/ledger.js';
import { pointBalances } from '../../points/schema.js';
import { giftNames } from '../catalogue/catalogue.js';
import { giftOrderLines, giftOrders } from '../schema.js';
import { orderBlock, orderGate, type OrderGateInput } from './order-gate.js';
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
  | { kind: 'refused'; errorText: string };

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

async function existingOrder(db: Database, agentId: number, orderKey: string) {
  const [row] = await db
    .select({ id: giftOrders.id })
    .from(giftOrders)
    .where(and(eq(giftOrders.agentId, agentId), eq(giftOrders.orderKey, orderKey)));
  return row?.id;
}

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
 * The ordered gifts' rows, locked in id order: a gift with counted stock
 * exclusively (its stock is taken), one without shared, so that staff cannot
 * change it under the order while orders of other members for it go on side
 * by side instead of one after another.
 */
async function lockGifts(tx: Transaction, ids: number[]): Promise<LockedGift[]> {
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const columns = sql`id, points, stock, active, country_code as "countryCode"`;
  return rowsOf<LockedGift>(
    await tx.execute(sql`
      with counted as (
        select ${columns} from gifts where id in (${list}) and stock is not null
        order by id for update),
      uncounted as (
        select ${columns} from gifts where id in (${list}) and stock is null
        order by id for share)
      select * from counted union all select * from uncounted`),
  );
}

/**
 * Places an order in one transaction (docs/gifts.md "Orders"): the member's
 * balance row is locked, then the gifts' rows in id order; stock and points
 * are checked, the ledger debited oldest credit first, counted stock taken,
 * the order and its lines written and the confirmation mail queued. Any
 * refusal rolls everything back. The same order key places one order
 * however often and however concurrently it is submitted.
 */
export async function placeOrder(db: Database, request: OrderRequest): Promise<OrderOutcome> {
  const { member } = request;
  try {
    return await db.transaction(async (tx) => {
      const done = await existingOrder(tx, member.id, request.orderKey);
      if (done !== undefined) {
        return {
          kind: 'ordered',
          orderId: done,
          available: await available(tx, member.id),
          repeated: true,
        };
      }
      // The pages' own rule: what the pages would not offer is never placed.
      const gate = await orderGate(tx, { ...request.gate, member, today: request.today });
      const block = orderBlock(gate);
      if (block === 'partner') return { kind: 'partner', partnerUrl: gate.partnerUrl! };
      if (block === 'maintenance') return { kind: 'maintenance' };
      if (block === 'disabled') return { kind: 'disabled' };
      if (request.lines.length === 0) return { kind: 'none' };

      // What the lines and the mail say is read before the member's balance is
      // locked: concurrent orders of one member wait only for the writes.
      const locale = { countryCode: member.countryCode, languageCode: member.languageCode };
      const ids = request.lines.map((line) => line.id);
      const names = await giftNames(tx, locale, ids);
      const nameOf = (id: number) => names.get(id) ?? `#${id}`;
      const confirmation = await mailTemplateWords(tx, {
        template: 'order-confirmation',
        ...locale,
      });
      const pointsLink = await memberPageUrl(tx, locale, 'points');

      // Locks the member's balance: orders of one member go one at a time from here.
      const session = await LedgerSession.open(tx, [member.id], request.today);
      // A concurrent submit of the same key may have committed while we waited.
      const placed = await existingOrder(tx, member.id, request.orderKey);
      if (placed !== undefined) {
        return {
          kind: 'ordered',
          orderId: placed,
          available: session.balance(member.id).available,
        };
      }

      const rows = await lockGifts(tx, ids);
      const lines = request.lines.map((line) => {
        const gift = rows.find((row) => row.id === line.id);
        if (gift === undefined || !gift.active || gift.countryCode !== member.countryCode) {
          throw new Refusal({
            kind: 'refused',
            errorText: `${nameOf(line.id)} is no longer available.`,
          });
        }
        if (gift.stock !== null && gift.stock < line.quantity) {
          throw new Refusal({
            kind: 'refused',
            errorText:
              gift.stock === 0
                ? `${nameOf(line.id)} is sold out.`
                : `Only ${gift.stock} left of ${nameOf(line.id)}.`,
          });
        }
        return { ...line, points: gift.points, counted: gift.stock !== null };
      });
      const total = lines.reduce((sum, line) => sum + line.points * line.quantity, 0);

      const inserted = await tx
        .insert(giftOrders)
        .values({
          agentId: member.id,
          countryCode: member.countryCode,
          orderKey: request.orderKey,
          state: 'placed',
          delivery: request.delivery,
          deliveryAddress: request.delivery === 'send' ? request.deliveryAddress : '',
          totalPoints: total,
          provider: request.provider,
          nextAttemptAt: request.now,
          createdAt: request.now,
        })
        .onConflictDoNothing({ target: [giftOrders.agentId, giftOrders.orderKey] })
        .returning({ id: giftOrders.id });
      const orderId = inserted[0]?.id;
      if (orderId === undefined) {
        // The balance lock makes this unreachable; the unique index keeps it true regardless.
        const other = await existingOrder(tx, member.id, request.orderKey);
        if (other === undefined) throw new Error('order key conflict without an order');
        throw new Refusal({ kind: 'ordered', orderId: other, available: 0 });
      }

      const gifted = lines.map((line) => `${line.quantity} × ${nameOf(line.id)}`).join(', ');
      // Throws NotEnoughPoints: the transaction rolls back and nothing is kept.
      session.debit(member.id, {
        kind: 'order',
        amount: total,
        orderId,
        description: `Order ${orderId}: ${gifted}`,
      });
      // The lines, the counted stock taken and the confirmation mail: one statement.
      const linesInsert = tx.insert(giftOrderLines).values(
        lines.map((line) => ({
          orderId,
          giftId: line.id,
          quantity: line.quantity,
          points: line.points,
          description: nameOf(line.id),
        })),
      );
      const mailInsert = tx.insert(mailOutbox).values(
        outboxRow(member.email, confirmation, {
          firstName: member.firstName,
          orderId: String(orderId),
          points: String(total),
          gifts: gifted,
          link: pointsLink,
        }),
      );
      const counted = lines.filter((line) => line.counted);
      await tx.execute(
        counted.length === 0
          ? sql`with order_lines as (${linesInsert.getSQL()}) ${mailInsert.getSQL()}`
          : sql`with order_lines as (${linesInsert.getSQL()}), confirmation as (${mailInsert.getSQL()})
              update gifts set stock = gifts.stock - v.quantity
              from (values ${sql.join(
                counted.map((line) => sql`(${line.id}::int, ${line.quantity}::int)`),
                sql`, `,
              )}) as v(id, quantity)
              where gifts.id = v.id and gifts.stock is not null`,
      );
      outboxSignal.raise();
      await session.flush();
      // The order worker sends it to the provider once this transaction has committed.
      orderPlacedSignal.raise();
      return { kind: 'ordered', orderId, available: session.balance(member.id).available };
    });
  } catch (error) {
    if (error instanceof NotEnoughPoints) return { kind: 'notEnoughPoints' };
    if (error instanceof Refusal) {
      if (error.outcome.kind === 'ordered') {
        return { ...error.outcome, available: await available(db, member.id) };
      }
      return error.outcome;
    }
    throw error;
  }
}
