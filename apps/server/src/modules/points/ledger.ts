import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { creditLifetimeYears } from '@club/contract/earning';
import {
  englishLedgerDescription,
  knownLedgerDescription,
  type LedgerDescription,
} from '@club/contract/ledger-descriptions';
import type { Transaction } from '../../db/client.js';
import {
  idArray,
  jsonArray,
  readColumns,
  type ColumnRead,
  type ColumnReads,
  type ColumnValues,
} from '../../db/columns.js';
import { rowsOf } from '../../db/rows.js';
import type { EarnedSource } from '@club/contract/staff-reports';
import { addYears } from './calendar-days.js';
import { pointSummaryWrites, type LapseDelta, type MonthDelta } from './point-summaries.js';
import {
  pointAllocations,
  pointBalances,
  pointEntries,
  pointLots,
  type LedgerEntryKind,
} from './schema.js';

/** Credit points lapse this many years after the day they are credited (spec 2 §1; the layout tells members). */
export const CREDIT_LIFETIME_YEARS = creditLifetimeYears;

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
  keyed: LedgerDescription | null;
  bookingId: number | null;
  segmentRowId: number | null;
  orderId: number | null;
  allocations: { creditedOn: string; amount: number }[];
  /** The entry's amount by where earned points came from (the reports' split); empty for spending and lapses. */
  sources: { source: EarnedSource; amount: number }[];
};

/** A segment credit or reversal split between the base rule and its campaigns (zero parts left out). */
function segmentSources(amount: number, campaign: number): PendingEntry['sources'] {
  const parts: PendingEntry['sources'] = [
    { source: 'booking', amount: amount - campaign },
    { source: 'campaign', amount: campaign },
  ];
  return parts.filter((part) => part.amount !== 0);
}

/**
 * An entry's reason: a key with parameters (worded in the reader's language),
 * or free text, which stays as written unless it is one of the known reasons.
 */
export type EntryDescription = string | LedgerDescription;

/** The stored pair: the English (or free) text, and the key when there is one. */
function described(description: EntryDescription | undefined): {
  description: string;
  keyed: LedgerDescription | null;
} {
  if (description === undefined) return { description: '', keyed: null };
  if (typeof description === 'string') {
    return { description, keyed: knownLedgerDescription(description) };
  }
  return { description: englishLedgerDescription(description), keyed: description };
}

export type CreditInput = {
  kind: 'segment' | 'additional';
  amount: number;
  description?: EntryDescription;
  bookingId?: number | null;
  segmentRowId?: number | null;
  /** A segment credit: the part of `amount` its campaigns gave (`campaignPart`); default none. */
  campaignPoints?: number;
  /** Additional points: a claim's approval, a welcome bonus rule's (campaigns) or staff's (default) credit. */
  source?: 'claim' | 'staff' | 'campaign';
};

export type DebitInput = {
  /** `additional`: a debit adjustment by staff, taken off the additional points. */
  kind: 'order' | 'reversal' | 'additional';
  amount: number;
  description?: EntryDescription;
  bookingId?: number | null;
  segmentRowId?: number | null;
  orderId?: number | null;
  /** Its lot is used first: a reversal's credit taken back (and the demo's history, which pays orders from its welcome bonus). */
  creditedOn?: string | null;
  /** Reversals: the part of `amount` the credit's campaigns gave; a partial reversal takes its share. */
  campaignPoints?: number;
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

  /**
   * Locks the members' balance rows in agent order (a member's first change
   * of points makes the row) and reads their lots, with the caller's reads,
   * in one statement. `along` is read as of before the lock was waited for:
   * reads that need not wait for the member's other changes (and row locks of
   * their own, taken after the balances'). `afterLock` sees every change
   * committed before the lock was ours: when the lock waited on a change of
   * the member's points (every change updates the balance row), the lots and
   * `afterLock` are read again by a statement that sees it.
   */
  static async lock<
    C extends ColumnReads = Record<never, never>,
    F extends ColumnReads = Record<never, never>,
  >(
    tx: Transaction,
    agentIds: Iterable<number>,
    reads: { along?: C; afterLock?: F } = {},
  ): Promise<LockedAccounts<ColumnValues<C> & ColumnValues<F>>> {
    const ids = [...new Set(agentIds)].sort((a, b) => a - b);
    const along = reads.along ?? ({} as C);
    const afterLock = reads.afterLock ?? ({} as F);
    const nothingToRead = Object.keys(along).length + Object.keys(afterLock).length === 0;
    if (ids.length === 0 && nothingToRead) {
      return new LockedAccounts(tx, [], [], {} as ColumnValues<C> & ColumnValues<F>);
    }
    type LedgerRead = Record<string, unknown> & {
      ledgerBalances: LockedBalance[];
      ledgerLots: LotRow[];
    };
    const first = (await readColumns(tx, {
      // First in the list: the balances are locked before any lock of the caller's reads.
      ledgerBalances: lockedBalancesColumn(ids),
      ledgerLots: openLotsColumn(ids),
      ...along,
      ...afterLock,
    })) as LedgerRead;
    const balances: Balance[] = first.ledgerBalances.map(
      ({ lockedVersion: _locked, seenVersion: _seen, ...balance }) => balance,
    );
    let lots = first.ledgerLots;
    let after: Record<string, unknown> = first;
    const missing = ids.filter((id) => !balances.some((balance) => balance.agentId === id));
    if (missing.length > 0) {
      // A first change of points: the row is made (a concurrent first change
      // waits on its key), then locked by a statement that sees it.
      await tx
        .insert(pointBalances)
        .values(missing.map((agentId) => ({ agentId })))
        .onConflictDoNothing();
      const rows = await tx
        .select()
        .from(pointBalances)
        .where(inArray(pointBalances.agentId, missing))
        .orderBy(asc(pointBalances.agentId))
        .for('update');
      for (const made of rows) {
        balances.push({
          agentId: made.agentId,
          regular: made.regular,
          additional: made.additional,
          used: made.used,
          expired: made.expired,
          available: made.available,
          segmentsPd: made.segmentsPd,
          segmentsOk: made.segmentsOk,
        });
      }
    }
    const waitedOnChange = first.ledgerBalances.some(
      (balance) => balance.lockedVersion !== balance.seenVersion,
    );
    if (missing.length > 0 || waitedOnChange) {
      const again = (await readColumns(tx, {
        ledgerLots: openLotsColumn(ids),
        ...afterLock,
      })) as LedgerRead;
      lots = again.ledgerLots;
      after = again;
    }
    const values: Record<string, unknown> = {};
    for (const name of Object.keys(along)) values[name] = first[name];
    for (const name of Object.keys(afterLock)) values[name] = after[name];
    balances.sort((a, b) => a.agentId - b.agentId);
    return new LockedAccounts(tx, balances, lots, values as ColumnValues<C> & ColumnValues<F>);
  }

  /** Locks the members' balances and reads their lots: `lock`, then `open`. */
  static async open(
    tx: Transaction,
    agentIds: Iterable<number>,
    today: string,
  ): Promise<LedgerSession> {
    return (await LedgerSession.lock(tx, agentIds)).open(today);
  }

  /** @internal `LockedAccounts.open` makes the session. */
  static start(tx: Transaction, today: string, accounts: Map<number, Account>): LedgerSession {
    const session = new LedgerSession(tx, today, accounts);
    for (const agentId of accounts.keys()) session.expireDue(agentId);
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
      ...described(input.description),
      bookingId: input.bookingId ?? null,
      segmentRowId: input.segmentRowId ?? null,
      orderId: null,
      allocations: [{ creditedOn: lot.creditedOn, amount: input.amount }],
      sources:
        input.kind === 'segment'
          ? segmentSources(
              input.amount,
              Math.min(input.amount, Math.max(0, input.campaignPoints ?? 0)),
            )
          : [{ source: input.source ?? 'staff', amount: input.amount }],
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
    // A reversal that takes back less than the credit takes each source's share of it.
    const campaign = Math.min(input.amount, Math.max(0, input.campaignPoints ?? 0));
    this.entries.push({
      agentId,
      kind: input.kind,
      amount: -taken,
      entryDate: this.today,
      expiresOn: null,
      ...described(input.description),
      bookingId: input.bookingId ?? null,
      segmentRowId: input.segmentRowId ?? null,
      orderId: input.orderId ?? null,
      allocations,
      sources:
        input.kind === 'reversal'
          ? segmentSources(-taken, -Math.round((campaign * taken) / input.amount))
          : input.kind === 'additional'
            ? [{ source: 'staff', amount: -taken }]
            : [],
    });
    return taken;
  }

  /**
   * Gives a failed order's points back to the lots its debit took them from,
   * so they lapse when they would have; points whose lot has lapsed meanwhile
   * lapse at once. Refunding an order twice gives nothing the second time.
   * Answers the points given back.
   */
  async refundOrder(
    agentId: number,
    orderId: number,
    description?: EntryDescription,
  ): Promise<number> {
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
      ...described(description),
      bookingId: null,
      segmentRowId: null,
      orderId,
      allocations,
      sources: [],
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
   * Writes everything changed since opening, and the caller's `alsoWrite`
   * (rows of its own that go with the change, such as a gift order's), in one
   * statement; answers the new entries' ids in the order they were made.
   */
  async flush(alsoWrite: readonly SQL[] = []): Promise<number[]> {
    const tx = this.tx;
    const writes = [...alsoWrite, ...pointSummaryWrites(this.monthDeltas(), this.lapseDeltas())];
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
      // Plain text with values: drizzle's insert builder costs its walk a part per value (decision 038).
      const values = rows.map(
        (lot) =>
          sql`(${lot.agentId}::int, ${lot.creditedOn}::date, ${lot.expiresOn}::date, ${lot.credited}::int, ${lot.remaining}::int)`,
      );
      writes.push(sql`insert into point_lots (agent_id, credited_on, expires_on, credited, remaining)
        values ${sql.join(values, sql`, `)}
        on conflict (agent_id, credited_on) do update set ${
          fresh ? addToStoredLot : replaceStoredLot
        }`);
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
    const entryIds = await runAsOneStatement(tx, writes, this.entries);
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

  /**
   * The pending entries by kind and, for earned points, by source (the
   * reports' months): spending and lapses have no source (empty).
   */
  private monthDeltas(): MonthDelta[] {
    return this.entries.flatMap((entry): MonthDelta[] => {
      const common = { agentId: entry.agentId, entryDate: entry.entryDate, kind: entry.kind };
      if (entry.sources.length === 0) return [{ ...common, source: '', amount: entry.amount }];
      return entry.sources.map((part) => ({ ...common, ...part }));
    });
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
        ...described({ key: 'pointsLapsed', params: { date: lot.creditedOn } }),
        bookingId: null,
        segmentRowId: null,
        orderId: null,
        allocations: [{ creditedOn: lot.creditedOn, amount: -amount }],
        sources: [],
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

type LockedBalance = Balance & {
  /** The locked row's version (xmin) and the version the statement's snapshot saw. */
  lockedVersion: string;
  seenVersion: string | null;
};

type LotRow = {
  agentId: number;
  creditedOn: string;
  expiresOn: string;
  credited: number;
  remaining: number;
};

/** A lot first touched in this session adds to what its row holds (another credit of the day). */
const addToStoredLot = sql.raw(
  'credited = point_lots.credited + excluded.credited, remaining = point_lots.remaining + excluded.remaining',
);
/** A loaded lot carries its new totals. */
const replaceStoredLot = sql.raw('credited = excluded.credited, remaining = excluded.remaining');

/**
 * The balance rows, locked in agent order, as a column. A row another
 * transaction changed while this one waited for its lock is answered as
 * changed, but the statement's other reads still see it as it was: the
 * versions tell.
 */
function lockedBalancesColumn(ids: number[]): ColumnRead<LockedBalance[]> {
  return {
    sql: sql`select json_agg(b) from (
        select b.agent_id as "agentId", b.regular, b.additional, b.used, b.expired, b.available,
          b.segments_pd as "segmentsPd", b.segments_ok as "segmentsOk",
          b.xmin::text as "lockedVersion",
          (select s.xmin::text from point_balances s where s.agent_id = b.agent_id) as "seenVersion"
        from point_balances b where b.agent_id = any(${idArray(ids)})
        order by b.agent_id for update of b) b`,
    decode: (value) => jsonArray<LockedBalance>(value),
  };
}

/** The members' lots with points left, oldest first, as a column. */
function openLotsColumn(ids: number[]): ColumnRead<LotRow[]> {
  return {
    sql: sql`select json_agg(l order by l."agentId", l."creditedOn") from (
        select agent_id as "agentId", credited_on as "creditedOn", expires_on as "expiresOn",
          credited, remaining
        from point_lots where agent_id = any(${idArray(ids)}) and remaining > 0) l`,
    decode: (value) => jsonArray<LotRow>(value),
  };
}

/**
 * Members whose balance rows a transaction has locked (`LedgerSession.lock`),
 * with their lots and what was read alongside. Their points can change from
 * here on only in this transaction.
 */
export class LockedAccounts<R> {
  constructor(
    private readonly tx: Transaction,
    private readonly balances: Balance[],
    private readonly lots: LotRow[],
    /** The caller's reads (`along` and `afterLock`). */
    readonly read: R,
  ) {}

  /** A member's balance as locked, before lapsed points expire (that is `open`'s). */
  balance(agentId: number): Balance {
    const balance = this.balances.find((candidate) => candidate.agentId === agentId);
    if (balance === undefined) throw new Error(`Member ${agentId} is not locked here`);
    return { ...balance };
  }

  /** The members' ledger session for a day: lapsed points expire first (in memory, until `flush`). */
  open(today: string): LedgerSession {
    const accounts = new Map<number, Account>();
    for (const balance of this.balances) {
      accounts.set(balance.agentId, { balance: { ...balance }, lots: [], changed: false });
    }
    for (const lot of this.lots) {
      accounts.get(lot.agentId)?.lots.push({
        creditedOn: lot.creditedOn,
        expiresOn: lot.expiresOn,
        credited: lot.credited,
        remaining: lot.remaining,
        changed: false,
        isNew: false,
      });
    }
    return LedgerSession.start(this.tx, today, accounts);
  }
}

/**
 * The ledger entries, their allocations and the other writes as one
 * statement (each in a WITH): each statement is a round trip, and every
 * order and import pays them. The entries' ids are drawn first, so that the
 * allocations can name them; the statement answers them in entry order. The
 * writes change different rows (summaries, lots, balances, the caller's), so
 * their order within the statement does not matter.
 */
async function runAsOneStatement(
  tx: Transaction,
  writes: readonly SQL[],
  entries: readonly PendingEntry[],
): Promise<number[]> {
  const parts = writes.map((write, index) => sql`${sql.raw(`w${index}`)} as (${write})`);
  if (entries.length > 0) {
    const entryRows = entries.map(
      (entry, n) =>
        sql`(${n}::int, ${entry.agentId}::int, ${entry.kind}::text, ${entry.amount}::int, ${entry.entryDate}::date, ${entry.expiresOn}::date, ${entry.description}::text, ${entry.keyed === null ? null : JSON.stringify(entry.keyed)}::jsonb, ${entry.bookingId}::int, ${entry.segmentRowId}::int, ${entry.orderId}::int)`,
    );
    const allocationRows = entries.flatMap((entry, n) =>
      entry.allocations.map(
        (allocation) =>
          sql`(${n}::int, ${entry.agentId}::int, ${allocation.creditedOn}::date, ${allocation.amount}::int)`,
      ),
    );
    // The ids are drawn from the entries' own list, in its order: a row count
    // the planner reads from the text, so PostgreSQL keeps one plan of the
    // prepared statement (a `generate_series` of parameters is guessed at a
    // thousand rows, and every execution was planned anew).
    const ledger = [
      sql`entry_rows as (
        select * from (values ${sql.join(entryRows, sql`, `)})
          as v(n, agent_id, kind, amount, entry_date, expires_on, description, keyed_description, booking_id, segment_row_id, order_id))`,
      sql`entry_ids as (
        select n, nextval(pg_get_serial_sequence('point_entries', 'id')) as id from entry_rows)`,
      sql`new_entries as (
        insert into point_entries
          (id, agent_id, kind, amount, entry_date, expires_on, description, keyed_description, booking_id, segment_row_id, order_id)
        overriding system value
        select i.id, v.agent_id, v.kind, v.amount, v.entry_date, v.expires_on, v.description, v.keyed_description,
          v.booking_id, v.segment_row_id, v.order_id
        from entry_rows v join entry_ids i on i.n = v.n)`,
    ];
    if (allocationRows.length > 0) {
      ledger.push(sql`new_allocations as (
        insert into point_allocations (entry_id, agent_id, credited_on, amount)
        select i.id, v.agent_id, v.credited_on, v.amount
        from (values ${sql.join(allocationRows, sql`, `)}) as v(n, agent_id, credited_on, amount)
        join entry_ids i on i.n = v.n)`);
    }
    const rows = rowsOf<{ id: unknown }>(
      await tx.execute(
        sql`with ${sql.join([...ledger, ...parts], sql`, `)} select id from entry_ids order by n`,
      ),
    );
    return rows.map((row) => Number(row.id));
  }
  const last = writes.at(-1);
  if (last === undefined) return [];
  await tx.execute(
    parts.length === 1 ? last : sql`with ${sql.join(parts.slice(0, -1), sql`, `)} ${last}`,
  );
  return [];
}
