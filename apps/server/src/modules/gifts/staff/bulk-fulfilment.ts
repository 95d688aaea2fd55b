import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  BULK_FILE_MAX_LINES,
  type BulkFulfilmentAnswer,
  type BulkFulfilmentLine,
} from '@club/contract/staff-bulk';
import { orderStateWords } from '@club/contract/order-state-words';
import type { Database } from '../../../db/client.js';
import { cellText, readCsv } from '../../../lib/csv-read.js';
import { agents } from '../../agents/schema.js';
import { recordAudit, type AuditActor } from '../../audit/audit-log.js';
import { codeCountMessage } from '../provider/fulfil-cli.js';
import {
  markFulfilledIn,
  MAX_VOUCHERS,
  submittedOrder,
  VOUCHER_PATTERN,
} from '../provider/fulfilment.js';
import { giftOrderLines, giftOrders } from '../schema.js';

/** The file cannot be read as a whole (too many lines): nothing of it is checked. */
export class BulkFulfilmentFileRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BulkFulfilmentFileRefused';
  }
}

export type BulkFulfilmentStaff = { actor: AuditActor; countries: readonly string[] | null };

type ReadLine = { line: number; order: string; codes: string[]; problem: string | null };

/**
 * The file's lines: the order number, then its codes, in the next cells or
 * in one cell (one a line, or separated by spaces or commas). A first line
 * of column names is left out; when it names an `order` and a `voucher
 * codes` (or `codes`) column, those are read, so `orders.csv` with its codes
 * filled in is a file to send.
 */
function readLines(file: string): ReadLine[] {
  const rows = readCsv(file);
  let orderColumn = 0;
  let codeColumns: ((cells: string[]) => string[]) | undefined;
  const first = rows[0];
  if (first !== undefined && !/^#?\d+$/.test(cellText(first.cells[0]))) {
    const names = first.cells.map((cell) => cellText(cell).toLowerCase());
    const order = names.findIndex((name) => name === 'order' || name === 'order number');
    const codes = names.findIndex((name) => name === 'voucher codes' || name === 'codes');
    if (order >= 0 && codes >= 0) {
      orderColumn = order;
      codeColumns = (cells) => [cells[codes] ?? ''];
    }
    rows.shift();
  }
  if (rows.length > BULK_FILE_MAX_LINES) {
    throw new BulkFulfilmentFileRefused(
      `The file has ${rows.length.toLocaleString('en-GB')} lines: at most ${BULK_FILE_MAX_LINES.toLocaleString('en-GB')} a file (split it)`,
    );
  }
  const seenOrders = new Map<string, number>();
  const seenCodes = new Map<string, number>();
  return rows.map(({ line, cells }) => {
    const order = cellText(cells[orderColumn]).replace(/^#/, '');
    const codeCells = codeColumns?.(cells) ?? cells.filter((_, index) => index !== orderColumn);
    const codes = codeCells.flatMap((cell) => cell.split(/[\s,;]+/)).filter((code) => code !== '');
    const read: ReadLine = { line, order, codes, problem: null };
    if (!/^\d{1,9}$/.test(order)) read.problem = 'The order number is missing or not digits';
    else if (seenOrders.has(order))
      read.problem = `Order ${order} is on line ${seenOrders.get(order)} too`;
    else if (codes.length > MAX_VOUCHERS) read.problem = `At most ${MAX_VOUCHERS} codes an order`;
    else if (!codes.every((code) => VOUCHER_PATTERN.test(code)))
      read.problem = 'Codes are letters, digits, . _ and - (at most 64 each)';
    else if (new Set(codes).size !== codes.length) read.problem = 'A code is given twice';
    else {
      const twice = codes.find((code) => seenCodes.has(code));
      if (twice !== undefined)
        read.problem = `Code ${twice} is on line ${seenCodes.get(twice)} too`;
    }
    if (/^\d{1,9}$/.test(order) && !seenOrders.has(order)) seenOrders.set(order, line);
    for (const code of codes) if (!seenCodes.has(code)) seenCodes.set(code, line);
    return read;
  });
}

function fileKeyOf(lines: readonly ReadLine[]): string {
  const canonical = JSON.stringify(lines.map((line) => [line.order, line.codes]));
  return createHash('sha256').update(canonical).digest('hex');
}

type OrderFacts = {
  id: number;
  state: keyof typeof orderStateWords;
  countryCode: string;
  memberNumber: string;
  memberName: string;
  quantity: number;
  gifts: string;
  fulfilledAt: Date | null;
};

async function ordersOf(db: Database, ids: readonly number[]): Promise<Map<number, OrderFacts>> {
  const found = new Map<number, OrderFacts>();
  if (ids.length === 0) return found;
  const orders = await db
    .select({
      id: giftOrders.id,
      state: giftOrders.state,
      countryCode: giftOrders.countryCode,
      fulfilledAt: giftOrders.fulfilledAt,
      memberNumber: agents.number,
      firstName: agents.firstName,
      lastName: agents.lastName,
    })
    .from(giftOrders)
    .innerJoin(agents, eq(agents.id, giftOrders.agentId))
    .where(inArray(giftOrders.id, [...ids]));
  const lines = await db
    .select({
      orderId: giftOrderLines.orderId,
      quantity: giftOrderLines.quantity,
      description: giftOrderLines.description,
    })
    .from(giftOrderLines)
    .where(inArray(giftOrderLines.orderId, [...ids]))
    .orderBy(asc(giftOrderLines.orderId), asc(giftOrderLines.giftId));
  for (const order of orders) {
    const own = lines.filter((line) => line.orderId === order.id);
    found.set(order.id, {
      id: order.id,
      state: order.state,
      countryCode: order.countryCode,
      fulfilledAt: order.fulfilledAt,
      memberNumber: order.memberNumber,
      memberName: `${order.firstName} ${order.lastName}`.trim(),
      quantity: own.reduce((sum, line) => sum + line.quantity, 0),
      gifts: own.map((line) => `${line.quantity} × ${line.description}`).join(', '),
    });
  }
  return found;
}

/** Why an order in this state is not fulfilled now. */
function stateProblem(order: OrderFacts): string {
  if (order.state === 'fulfilled') {
    const on = order.fulfilledAt?.toISOString().slice(0, 16).replace('T', ' ');
    return `Order ${order.id} is fulfilled already${on === undefined ? '' : ` (${on} UTC)`}`;
  }
  return `Order ${order.id} is ${orderStateWords[order.state]}: only an order sent to the provider is fulfilled`;
}

type Checked = { answer: BulkFulfilmentAnswer; read: ReadLine[] };

/**
 * Checks every line as the single fulfilment would, without writing: an
 * order of the staff member's countries (another country's reads as none),
 * sent to the provider and not fulfilled, with one code per gift or none
 * (a parcel), each order and each code once in the file.
 */
async function check(db: Database, file: string, staff: BulkFulfilmentStaff): Promise<Checked> {
  const read = readLines(file);
  const orders = await ordersOf(
    db,
    read.filter((line) => line.problem === null).map((line) => Number(line.order)),
  );
  const lines: BulkFulfilmentLine[] = read.map((entry) => {
    const facts = entry.problem === null ? orders.get(Number(entry.order)) : undefined;
    const reachable =
      facts !== undefined &&
      (staff.countries === null || staff.countries.includes(facts.countryCode));
    const order = reachable ? facts : undefined;
    const line: BulkFulfilmentLine = {
      line: entry.line,
      order: entry.order,
      codes: entry.codes,
      outcome: 'refused',
      message: entry.problem,
      memberNumber: order?.memberNumber ?? null,
      memberName: order?.memberName ?? null,
      gifts: order?.gifts ?? null,
      quantity: order?.quantity ?? null,
    };
    if (entry.problem !== null) return line;
    if (order === undefined) line.message = `No order ${entry.order} in your countries`;
    else if (order.state !== 'submitted') line.message = stateProblem(order);
    else if (entry.codes.length > 0 && order.quantity > 0 && entry.codes.length !== order.quantity)
      line.message = codeCountMessage(order.quantity, entry.codes.length);
    else {
      line.outcome = 'ok';
      line.message = null;
    }
    return line;
  });
  const ok = lines.filter((line) => line.outcome === 'ok').length;
  return {
    read,
    answer: { fileKey: fileKeyOf(read), lines, ok, refused: lines.length - ok },
  };
}

export async function previewBulkFulfilment(
  db: Database,
  file: string,
  staff: BulkFulfilmentStaff,
): Promise<BulkFulfilmentAnswer> {
  return (await check(db, file, staff)).answer;
}

/** An order changed between the check and its update (fulfilled or refunded at the same moment). */
class OrderMoved extends Error {}

export type BulkFulfilmentResult =
  | { kind: 'fulfilled'; answer: BulkFulfilmentAnswer }
  | { kind: 'refused'; answer: BulkFulfilmentAnswer };

/**
 * Fulfils every order of the file, or none, in one transaction: the orders'
 * rows are locked first in order of their ids, then each becomes fulfilled
 * as the single fulfilment does (markFulfilledIn: its codes, the member's
 * `order-fulfilled` mail in the outbox, and its `order.fulfil` audit entry,
 * which names the file's key). An order fulfilled or refunded meanwhile
 * rolls the whole file back. The same file sent again finds its orders
 * fulfilled and is refused, so nothing is fulfilled or mailed twice.
 */
export async function applyBulkFulfilment(
  db: Database,
  file: string,
  staff: BulkFulfilmentStaff,
  now: Date,
): Promise<BulkFulfilmentResult> {
  const checked = await check(db, file, staff);
  if (checked.answer.refused > 0) return { kind: 'refused', answer: checked.answer };
  const { fileKey } = checked.answer;
  try {
    await db.transaction(async (tx) => {
      const ids = checked.read.map((line) => Number(line.order)).sort((a, b) => a - b);
      await tx
        .select({ id: giftOrders.id })
        .from(giftOrders)
        .where(inArray(giftOrders.id, ids))
        .orderBy(asc(giftOrders.id))
        .for('update');
      for (const line of checked.read) {
        const orderId = Number(line.order);
        const fulfilled = await markFulfilledIn(
          tx,
          submittedOrder(orderId),
          { now, vouchers: line.codes },
          (inner, order) =>
            recordAudit(
              inner,
              staff.actor,
              {
                action: 'order.fulfil',
                targetType: 'order',
                target: String(order.id),
                countryCode: order.countryCode,
                before: { state: 'submitted' },
                after: { state: 'fulfilled', vouchers: line.codes, file: fileKey },
              },
              now,
            ),
        );
        if (!fulfilled) throw new OrderMoved();
      }
    });
  } catch (error) {
    if (!(error instanceof OrderMoved)) throw error;
    return { kind: 'refused', answer: (await check(db, file, staff)).answer };
  }
  return { kind: 'fulfilled', answer: checked.answer };
}
