import { commandLineActor, recordAudit, type AuditActor } from '../../audit/audit-log.js';
import { asc, eq, sql } from 'drizzle-orm';
import { commandConfig } from '../../../config.js';
import type { Database, DatabaseHandle } from '../../../db/client.js';
import { runStaffCommand } from '../../../staff-commands/run-staff-command.js';
import {
  runJob,
  type CommandOutput,
  type StaffCommand,
} from '../../../staff-commands/staff-command.js';
import { agents } from '../../agents/schema.js';
import { giftOrderLines, giftOrders } from '../schema.js';
import {
  markFulfilled,
  MAX_VOUCHERS,
  submittedOrder,
  VOUCHER_PATTERN,
  voucherCodes,
} from './fulfilment.js';

export { consoleOutput } from '../../../staff-commands/staff-command.js';

export type FulfilResult =
  | { kind: 'fulfilled' }
  | { kind: 'unknown' }
  | { kind: 'wrongState'; state: string }
  /** Codes were given, but not one per gift of the order (its lines' quantities). */
  | { kind: 'codeCount'; quantity: number };

/** How many gifts an order holds: the sum of its lines' quantities. */
export async function giftCountOf(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ quantity: sql<number>`coalesce(sum(${giftOrderLines.quantity}), 0)::int` })
    .from(giftOrderLines)
    .where(eq(giftOrderLines.orderId, orderId));
  return Number(row?.quantity ?? 0);
}

/** The refusal of codes that do not match the order's gifts, in the words of both front ends. */
export function codeCountMessage(quantity: number, given: number): string {
  return `This order holds ${quantity} ${quantity === 1 ? 'gift' : 'gifts'}: give ${quantity} ${quantity === 1 ? 'code' : 'codes'} (${given} given), or none for gifts sent without a code.`;
}

/**
 * Programme staff sent the vouchers of a submitted order: it becomes
 * `fulfilled` with their codes, the member is mailed them and the audit log
 * records who did it (`order.fulfil`), in one transaction. Only a submitted
 * order changes; any other answers its state. The console's fulfilment and
 * `npm run orders:fulfil` both come here.
 */
export async function fulfilOrder(
  db: Database,
  orderId: number,
  now: Date,
  vouchers: readonly string[],
  actor: AuditActor,
): Promise<FulfilResult> {
  // One code per gift, or none (a parcel): a code short or over is a typing slip.
  if (vouchers.length > 0) {
    const quantity = await giftCountOf(db, orderId);
    if (quantity > 0 && vouchers.length !== quantity) {
      // An order no longer submitted says so first: its codes no longer matter.
      const [order] = await db
        .select({ state: giftOrders.state })
        .from(giftOrders)
        .where(eq(giftOrders.id, orderId));
      if (order === undefined) return { kind: 'unknown' };
      if (order.state !== 'submitted') return { kind: 'wrongState', state: order.state };
      return { kind: 'codeCount', quantity };
    }
  }
  const fulfilled = await markFulfilled(
    db,
    submittedOrder(orderId),
    { now, vouchers },
    (tx, order) =>
      recordAudit(
        tx,
        actor,
        {
          action: 'order.fulfil',
          targetType: 'order',
          target: String(order.id),
          countryCode: order.countryCode,
          before: { state: 'submitted' },
          after: { state: 'fulfilled', vouchers },
        },
        now,
      ),
  );
  if (fulfilled) return { kind: 'fulfilled' };
  const [order] = await db
    .select({ state: giftOrders.state })
    .from(giftOrders)
    .where(eq(giftOrders.id, orderId));
  return order === undefined ? { kind: 'unknown' } : { kind: 'wrongState', state: order.state };
}

/** Submitted orders waiting for staff, oldest first, one line each. */
export async function submittedOrders(db: Database): Promise<string[]> {
  const orders = await db
    .select({
      id: giftOrders.id,
      createdAt: giftOrders.createdAt,
      memberNumber: agents.number,
      name: agents.lastName,
      firstName: agents.firstName,
      country: giftOrders.countryCode,
      delivery: giftOrders.delivery,
      address: giftOrders.deliveryAddress,
      points: giftOrders.totalPoints,
    })
    .from(giftOrders)
    .innerJoin(agents, eq(agents.id, giftOrders.agentId))
    .where(eq(giftOrders.state, 'submitted'))
    .orderBy(asc(giftOrders.createdAt), asc(giftOrders.id));
  const result: string[] = [];
  for (const order of orders) {
    const lines = await db
      .select({ quantity: giftOrderLines.quantity, description: giftOrderLines.description })
      .from(giftOrderLines)
      .where(eq(giftOrderLines.orderId, order.id))
      .orderBy(asc(giftOrderLines.giftId));
    const gifts = lines.map((line) => `${line.quantity} × ${line.description}`).join(', ');
    const delivery = order.delivery === 'send' ? `send to: ${order.address}` : 'self';
    result.push(
      [
        `#${order.id}`,
        order.createdAt.toISOString().slice(0, 16).replace('T', ' '),
        `${order.country}`,
        `member ${order.memberNumber ?? '-'} (${order.firstName} ${order.name})`,
        `${order.points} points`,
        gifts,
        delivery,
      ].join('  '),
    );
  }
  return result;
}

const usage = `Usage: npm run orders:fulfil -- ORDER_ID [VOUCHER_CODE…] | --list (at most ${MAX_VOUCHERS} codes of letters, digits, . _ -)`;

/**
 * `npm run orders:fulfil -- ORDER_ID [VOUCHER_CODE…]` marks a submitted order
 * fulfilled with the voucher codes staff sent (mailed to the member and shown
 * on their points page); `npm run orders:fulfil -- --list` lists the submitted orders.
 */
export const ordersFulfilCommand: StaffCommand = {
  name: 'orders:fulfil',
  prepare: (args, _cwd, output) => {
    const list = args.length === 1 && args[0] === '--list';
    const [first, ...codes] = args;
    const orderId = /^\d{1,9}$/.test(first ?? '') ? Number(first) : undefined;
    const codesValid =
      codes.length <= MAX_VOUCHERS && codes.every((code) => VOUCHER_PATTERN.test(code));
    if (list) {
      return async ({ db, output }) => {
        const lines = await submittedOrders(db);
        if (lines.length === 0) output.out('No submitted orders.');
        for (const line of lines) output.out(line);
        return 0;
      };
    }
    if (orderId === undefined || !codesValid) {
      output.error(usage);
      return 1;
    }
    return async ({ db, output, now, actor }) => {
      const result = await fulfilOrder(db, orderId, new Date(now()), voucherCodes(codes), actor);
      if (result.kind === 'fulfilled') {
        output.out(`Order ${orderId} marked fulfilled.`);
        return 0;
      }
      output.error(
        result.kind === 'unknown'
          ? `No order ${orderId}.`
          : result.kind === 'codeCount'
            ? `${codeCountMessage(result.quantity, codes.length)} Nothing changed.`
            : `Order ${orderId} is ${result.state}, not submitted: nothing changed.`,
      );
      return 1;
    };
  },
};

/** Entry of `npm run orders:fulfil`; tests pass their open `database`. Answers the exit code. */
export async function main(
  args: readonly string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
  now: () => number = Date.now,
  database?: DatabaseHandle,
): Promise<number> {
  if (database === undefined) return runStaffCommand(ordersFulfilCommand, args, env, output, now);
  const job = await ordersFulfilCommand.prepare(args, process.cwd(), output);
  if (typeof job === 'number') return job;
  const config = commandConfig(env, (message) => output.error(message));
  if (config === undefined) return 1;
  return runJob(job, { db: database.db, config, output, now, actor: commandLineActor() });
}
