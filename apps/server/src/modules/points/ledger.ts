import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { addYears } from './calendar-days.js';
import { pointSummaryWrites, type LapseDelta } from './point-summaries.js';
import {
  pointAllocations,
  pointBalances,
  pointEntries,
  pointLots,
  type LedgerEntryKind,
} from './schema.js';

/** Credit points lapse this many years after the day they are credited (spec 2 §1). */
export const CREDIT_LIFETIME_YEARS = 3;

export type Balance = {
  agentId: number;
  regular: number;
  additional: number;
  used: number;
  expired: number;
  available: number;
  segmentsPd: number;
  segmentsOk: number;
};

type Lot = {
  creditedOn: string;
  expiresOn: string;
  credited: number;
  remaining: number;
  changed: boolean;
  isNew: boolean;
};

type Account = { balance: Balance; lots: Lot[]; changed: boolean };

type PendingEntry = {
  agentId: number;
  kind: LedgerEntryKind;
  amount: number;
  entryDate: string;
  expiresOn: string | null;
  description: string;
  bookingId: number | null;
  segmentRowId: number | null;
  orderId: number | null;
  allocations: { creditedOn: string; amount: number }[];
};

export type CreditInput = {
  kind: 'segment' | 'additional';
  amount: number;
  description?: string;
  bookingId?: number | null;
  segmentRowId?: number | null;
};

export type DebitInput = {
  /** `additional`: a debit adjustment by staff, taken off the additional points. */
  kind: 'order' | 'reversal' | 'additional';
  amount: number;
  description?: string;
  bookingId?: number | null;
  segmentRowId?: number | null;
  orderId?: number | null;
  /** Reversals: the day of the credit taken back; its lot is used first. */
  creditedOn?: string | null;
};

export class NotEnoughPoints extends Error {
  constructor(
    readonly available: number,
    readonly wanted: number,
  ) {
    super(`Not enough points: ${available} available, ${wanted} wanted`);
  }
}

/**
 * The members' points within one transaction. Opening it locks the members'
 * balance rows (in agent order, so that two sessions never deadlock) and
 * lets lapsed points expire first; credits and debits then change the
 * accounts in memory, and `flush` writes the entries, their allocations, the
 * lots and the balances in a few statements. Every change of points goes
 * through here, so the balance always equals the sum of the entries.
 */
export class LedgerSession {
  private readonly entries: PendingEntry[] = [];

  private constructor(
    private readonly tx: Transaction,
    readonly today: string,
    private readonly accounts: Map<number, Account>,
  ) {}

  static async open(
    tx: Transaction,
    agentIds: Iterable<number>,
    today: string,
  ): Promise<LedgerSession> {
    const ids = [...new Set(agentIds)].sort((a, b) => a - b);
    const accounts = new Map<number, Account>();
    if (ids.length > 0) {
      await tx
        .insert(pointBalances)
        .values(ids.map((agentId) => ({ agentId })))
        .onConflictDoNothing();
      const rows = await tx
        .select()
        .from(pointBalances)
        .where(inArray(pointBalances.agentId, ids))
        .orderBy(asc(pointBalances.agentId))
        .for('update');
      const lots = await tx
        .select()
        .from(pointLots)
        .where(and(inArray(pointLots.agentId, ids), gt(pointLots.remaining, 0)))
        .orderBy(asc(pointLots.agentId), asc(pointLots.creditedOn));
      for (const row of rows) {
        accounts.set(row.agentId, {
          balance: {
            agentId: row.agentId,
            regular: row.regular,
            additional: row.additional,
            used: row.used,
            expired: row.expired,
            available: row.available,
            segmentsPd: row.segmentsPd,
            segmentsOk: row.segmentsOk,
          },
          lots: [],
          changed: false,
        });
      }
      for (const lot of lots) {
        accounts.get(lot.agentId)?.lots.push({
          creditedOn: lot.creditedOn,
          expiresOn: lot.expiresOn,
          credited: lot.credited,
          remaining: lot.remaining,
          changed: false,
          isNew: false,
        });
      }
    }
    const session = new LedgerSession(tx, today, accounts);
    for (const agentId of ids) session.expireDue(agentId);
    return session;
  }

  balance(agentId: number): Balance {
    return { ...this.account(agentId).balance };
  }

  /** Credits points today; they lapse `CREDIT_LIFETIME_YEARS` later. */
  credit(agentId: number, input: CreditInput): void {
    if (!Number.isInteger(input.amount) || input.amount <= 0) return;
    const account = this.account(agentId);
    const lot = this.lotOf(account, this.today);
    lot.credited += input.amount;
    lot.remaining += input.amount;
    lot.changed = true;
    if (input.kind === 'segment') account.balance.regular += input.amount;
    else account.balance.additional += input.amount;
    account.balance.available += input.amount;
    account.changed = true;
    this.entries.push({
      agentId,
      kind: input.kind,
      amount: input.amount,
      entryDate: this.today,
      expiresOn: lot.expiresOn,
      description: input.description ?? '',
      bookingId: input.bookingId ?? null,
      segmentRowId: input.segmentRowId ?? null,
      orderId: null,
      allocations: [{ creditedOn: lot.creditedOn, amount: input.amount }],
    });
  }

  /**
   * Takes points from the oldest lots first. An order or a debit adjustment
   * needs the whole amount (else NotEnoughPoints); a reversal takes back what
   * is left of the credit, never more than the member has, and answers what
   * it took.
   */
  debit(agentId: number, input: DebitInput): number {
    if (!Number.isInteger(input.amount) || input.amount <= 0) return 0;
    const account = this.account(agentId);
    if (input.kind !== 'reversal' && input.amount > account.balance.available) {
      throw new NotEnoughPoints(account.balance.available, input.amount);
    }
    const order = [...account.lots].sort((a, b) => a.creditedOn.localeCompare(b.creditedOn));
    if (input.creditedOn) {
      // A reversal takes from its own credit's lot first.
      const own = order.findIndex((lot) => lot.creditedOn === input.creditedOn);
      if (own > 0) order.unshift(...order.splice(own, 1));
    }
    let left = Math.min(input.amount, account.balance.available);
    const allocations: PendingEntry['allocations'] = [];
    for (const lot of order) {
      if (left === 0) break;
      const take = Math.min(lot.remaining, left);
      if (take === 0) continue;
      lot.remaining -= take;
      lot.changed = true;
      left -= take;
      allocations.push({ creditedOn: lot.creditedOn, amount: -take });
    }
    const taken = allocations.reduce((sum, allocation) => sum - allocation.amount, 0);
    if (taken === 0) return 0;
    if (input.kind === 'order') account.balance.used += taken;
    else if (input.kind === 'additional') account.balance.additional -= taken;
    else account.balance.regular -= taken;
    account.balance.available -= taken;
    account.changed = true;
    this.entries.push({
      agentId,
      kind: input.kind,
      amount: -taken,
      entryDate: this.today,
      expiresOn: null,
      description: input.description ?? '',
      bookingId: input.bookingId ?? null,
      segmentRowId: input.segmentRowId ?? null,
      orderId: input.orderId ?? null,
      allocations,
    });
    return taken;
  }

  /**
   * Gives a failed order's points back to the lots its debit took them from,
   * so they lapse when they would have; points whose lot has lapsed meanwhile
   * lapse at once. Refunding an order twice gives nothing the second time.
   * Answers the points given back.
   */
  async refundOrder(agentId: number, orderId: number, description = ''): Promise<number> {
    const account = this.account(agentId);
    const taken = await this.tx
      .select({
        kind: pointEntries.kind,
        creditedOn: pointAllocations.creditedOn,
        amount: pointAllocations.amount,
      })
      .from(pointAllocations)
      .innerJoin(pointEntries, eq(pointEntries.id, pointAllocations.entryId))
      .where(
        and(
          eq(pointEntries.agentId, agentId),
          eq(pointEntries.orderId, orderId),
          inArray(pointEntries.kind, ['order', 'refund']),
        ),
      );
    // What the order's debits took, less what earlier refunds gave back, per lot.
    const owed = new Map<string, number>();
    for (const row of taken) owed.set(row.creditedOn, (owed.get(row.creditedOn) ?? 0) - row.amount);
    const allocations: PendingEntry['allocations'] = [];
    for (const [creditedOn, amount] of owed) {
      if (amount <= 0) continue;
      const lot = await this.loadedLot(account, agentId, creditedOn);
      if (lot === undefined) continue;
      lot.remaining += amount;
      lot.changed = true;
      allocations.push({ creditedOn, amount });
    }
    const total = allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
    if (total === 0) return 0;
    account.balance.used -= total;
    account.balance.available += total;
    account.changed = true;
    this.entries.push({
      agentId,
      kind: 'refund',
      amount: total,
      entryDate: this.today,
      expiresOn: null,
      description,
      bookingId: null,
      segmentRowId: null,
      orderId,
      allocations,
    });
    this.expireDue(agentId);
    return total;
  }

  /** Pending and OK segment counts of the status report. */
  countSegments(agentId: number, pendingChange: number, okChange: number): void {
    if (pendingChange === 0 && okChange === 0) return;
    const account = this.account(agentId);
    account.balance.segmentsPd += pendingChange;
    account.balance.segmentsOk += okChange;
    account.changed = true;
  }

  /**
   * Writes everything changed since opening; answers the new entries' ids in
   * the order they were made.
   */
  async flush(): Promise<number[]> {
    const tx = this.tx;
    let entryIds: number[] = [];
    // The summaries, the lots and the balances are written in one statement at the end.
    const writes = pointSummaryWrites(this.entries, this.lapseDeltas());
    if (this.entries.length > 0) {
      const ids = await tx
        .insert(pointEntries)
        .values(this.entries.map(({ allocations: _allocations, ...entry }) => entry))
        .returning({ id: pointEntries.id });
      const allocations = this.entries.flatMap((entry, index) =>
        entry.allocations.map((allocation) => ({
          entryId: ids[index]!.id,
          agentId: entry.agentId,
          creditedOn: allocation.creditedOn,
          amount: allocation.amount,
        })),
      );
      if (allocations.length > 0) await tx.insert(pointAllocations).values(allocations);
      entryIds = ids.map((row) => row.id);
    }
    const lots = [...this.accounts.entries()].flatMap(([agentId, account]) =>
      account.lots.filter((lot) => lot.changed).map((lot) => ({ agentId, ...lot })),
    );
    // Loaded lots carry their new totals; lots first touched in this session
    // (today's, possibly spent to zero earlier) add to what the row holds.
    for (const [fresh, rows] of [
      [false, lots.filter((lot) => !lot.isNew)],
      [true, lots.filter((lot) => lot.isNew)],
    ] as const) {
      if (rows.length === 0) continue;
      const upsert = tx
        .insert(pointLots)
        .values(
          rows.map((lot) => ({
            agentId: lot.agentId,
            creditedOn: lot.creditedOn,
            expiresOn: lot.expiresOn,
            credited: lot.credited,
            remaining: lot.remaining,
          })),
        )
        .onConflictDoUpdate({
          target: [pointLots.agentId, pointLots.creditedOn],
          set: fresh
            ? {
                credited: sql`${pointLots.credited} + excluded.credited`,
                remaining: sql`${pointLots.remaining} + excluded.remaining`,
              }
            : { credited: sql`excluded.credited`, remaining: sql`excluded.remaining` },
        });
      writes.push(upsert.getSQL());
    }
    const changed = [...this.accounts.values()].filter((account) => account.changed);
    if (changed.length > 0) {
      // One statement for every changed member: an import batch touches hundreds.
      const rows = changed.map(({ balance, lots }) => {
        const nextExpiryOn = lots
          .filter((lot) => lot.remaining > 0)
          .reduce<string | null>(
            (next, lot) => (next === null || lot.expiresOn < next ? lot.expiresOn : next),
            null,
          );
        return sql`(${balance.agentId}::int, ${balance.regular}::int, ${balance.additional}::int, ${balance.used}::int, ${balance.expired}::int, ${balance.available}::int, ${balance.segmentsPd}::int, ${balance.segmentsOk}::int, ${nextExpiryOn}::date)`;
      });
      writes.push(sql`
        update point_balances as b set
          regular = v.regular, additional = v.additional, used = v.used, expired = v.expired,
          available = v.available, segments_pd = v.segments_pd, segments_ok = v.segments_ok,
          next_expiry_on = v.next_expiry_on, updated_at = now()
        from (values ${sql.join(rows, sql`, `)})
          as v(agent_id, regular, additional, used, expired, available, segments_pd, segments_ok, next_expiry_on)
        where b.agent_id = v.agent_id`);
    }
    await runAsOneStatement(tx, writes);
    this.entries.length = 0;
    for (const account of this.accounts.values()) {
      account.changed = false;
      for (const lot of account.lots) {
        lot.changed = false;
        lot.isNew = false;
      }
    }
    return entryIds;
  }

  /** The pending entries' changes of lot points, by the day each lot lapses (the reports' forecast). */
  private lapseDeltas(): LapseDelta[] {
    const deltas = new Map<string, LapseDelta>();
    for (const entry of this.entries) {
      const lots = this.account(entry.agentId).lots;
      for (const allocation of entry.allocations) {
        const lot = lots.find((candidate) => candidate.creditedOn === allocation.creditedOn);
        const expiresOn = lot?.expiresOn ?? addYears(allocation.creditedOn, CREDIT_LIFETIME_YEARS);
        const key = `${entry.agentId} ${expiresOn}`;
        const delta = deltas.get(key) ?? { agentId: entry.agentId, expiresOn, amount: 0 };
        delta.amount += allocation.amount;
        deltas.set(key, delta);
      }
    }
    return [...deltas.values()];
  }

  /** Lapses every lot whose expiry day has come: one expiry entry per lot. */
  private expireDue(agentId: number): void {
    const account = this.account(agentId);
    for (const lot of account.lots) {
      if (lot.remaining === 0 || lot.expiresOn > this.today) continue;
      const amount = lot.remaining;
      lot.remaining = 0;
      lot.changed = true;
      account.balance.expired += amount;
      account.balance.available -= amount;
      account.changed = true;
      this.entries.push({
        agentId,
        kind: 'expiry',
        amount: -amount,
        entryDate: this.today,
        expiresOn: null,
        description: `Credited ${lot.creditedOn}`,
        bookingId: null,
        segmentRowId: null,
        orderId: null,
        allocations: [{ creditedOn: lot.creditedOn, amount: -amount }],
      });
    }
  }

  private account(agentId: number): Account {
    const account = this.accounts.get(agentId);
    if (account === undefined) throw new Error(`Member ${agentId} is not in this ledger session`);
    return account;
  }

  /** A lot of the member, from memory or (spent to zero, so not loaded) from its row. */
  private async loadedLot(
    account: Account,
    agentId: number,
    creditedOn: string,
  ): Promise<Lot | undefined> {
    const known = account.lots.find((lot) => lot.creditedOn === creditedOn);
    if (known !== undefined) return known;
    const [row] = await this.tx
      .select()
      .from(pointLots)
      .where(and(eq(pointLots.agentId, agentId), eq(pointLots.creditedOn, creditedOn)));
    if (row === undefined) return undefined;
    const lot: Lot = {
      creditedOn: row.creditedOn,
      expiresOn: row.expiresOn,
      credited: row.credited,
      remaining: row.remaining,
      changed: false,
      isNew: false,
    };
    account.lots.push(lot);
    return lot;
  }

  private lotOf(account: Account, creditedOn: string): Lot {
    let lot = account.lots.find((candidate) => candidate.creditedOn === creditedOn);
    if (lot === undefined) {
      // A lot of today spent to zero earlier is not loaded; the upsert adds to its row.
      lot = {
        creditedOn,
        expiresOn: addYears(creditedOn, CREDIT_LIFETIME_YEARS),
        credited: 0,
        remaining: 0,
        changed: true,
        isNew: true,
      };
      account.lots.push(lot);
    }
    return lot;
  }
}

/**
 * Data-modifying statements run as one (all but the last in a WITH): each
 * statement of a flush is a round trip, and every order and import pays them.
 * They write different rows (summaries, lots, balances), so their order
 * within the statement does not matter.
 */
async function runAsOneStatement(tx: Transaction, writes: SQL[]): Promise<void> {
  const last = writes.at(-1);
  if (last === undefined) return;
  const before = writes
    .slice(0, -1)
    .map((write, index) => sql`${sql.raw(`w${index}`)} as (${write})`);
  await tx.execute(before.length === 0 ? last : sql`with ${sql.join(before, sql`, `)} ${last}`);
}
