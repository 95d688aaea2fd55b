import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { SessionRead } from '../agents/authentication.js';
import { agents } from '../agents/schema.js';
import { openSession, sessionMemberQuery, type SessionMember } from '../agents/members.js';
import type { GiftsForPoints, OrderingWindow, OrderingWindowColumn } from './gifts-for-points.js';
import { pointBalances } from './schema.js';

/** The balance columns the status report shows, and when its next points lapse. */
export type BalanceRow = {
  regular: number;
  additional: number;
  used: number;
  expired: number;
  available: number;
  segmentsPd: number;
  segmentsOk: number;
  nextExpiryOn: string | null;
};

/** What the status report's statement reads with the member. */
type ReadWithMember = { balance: BalanceRow | null; orderingRules: unknown };

/**
 * The status report's call reads the signed-in member, their balance row and
 * their country's gift ordering rules in one prepared statement (the session's
 * own rules, members.ts `openSession`), where it would otherwise make three: on
 * either database each statement costs more than its rows. `balanceOf` gives
 * the row read with the member, `orderingWindowOf` the window of the rules.
 * The ordering rules are the gifts module's, given through `giftsForPoints`;
 * the statement is prepared on the first call, once every module is there.
 */
export class StatusSession {
  private statement: ReturnType<StatusSession['prepare']> | undefined;
  private readonly readWithMember = new WeakMap<SessionMember, ReadWithMember>();

  constructor(
    private readonly db: Database,
    private readonly giftsForPoints: GiftsForPoints,
  ) {}

  private prepare(windowColumn: OrderingWindowColumn | undefined) {
    return sessionMemberQuery(this.db, {
      balanceAgentId: pointBalances.agentId,
      regular: pointBalances.regular,
      additional: pointBalances.additional,
      used: pointBalances.used,
      expired: pointBalances.expired,
      available: pointBalances.available,
      segmentsPd: pointBalances.segmentsPd,
      segmentsOk: pointBalances.segmentsOk,
      nextExpiryOn: pointBalances.nextExpiryOn,
      orderingRules: windowColumn?.column(agents.countryCode) ?? sql<null>`null`,
    })
      .leftJoin(pointBalances, eq(pointBalances.agentId, agents.id))
      .where(openSession)
      .prepare(
        windowColumn === undefined ? 'status_report_by_session' : 'status_report_with_ordering',
      );
  }

  readonly read: SessionRead = async (tokenHash, now) => {
    this.statement ??= this.prepare(this.giftsForPoints.orderingWindowColumn());
    const [row] = await this.statement.execute({ tokenHash, now: now.toISOString() });
    if (row === undefined) return undefined;
    const { balanceAgentId, regular, additional, used, expired, available, ...rest } = row;
    const { segmentsPd, segmentsOk, nextExpiryOn, orderingRules, ...member } = rest;
    this.readWithMember.set(member, {
      orderingRules,
      balance:
        balanceAgentId === null
          ? null
          : {
              regular: regular!,
              additional: additional!,
              used: used!,
              expired: expired!,
              available: available!,
              segmentsPd: segmentsPd!,
              segmentsOk: segmentsOk!,
              nextExpiryOn,
            },
    });
    return member;
  };

  /** The balance row read with this member (null: none yet); undefined if it was not read here. */
  balanceOf(member: SessionMember): BalanceRow | null | undefined {
    return this.readWithMember.get(member)?.balance;
  }

  /** The ordering window of the rules read with this member; undefined if they were not read here. */
  orderingWindowOf(member: SessionMember, today: string): OrderingWindow | undefined {
    const read = this.readWithMember.get(member);
    const windowColumn = this.giftsForPoints.orderingWindowColumn();
    if (read === undefined || windowColumn === undefined) return undefined;
    return windowColumn.windowOf(read.orderingRules, today);
  }
}
