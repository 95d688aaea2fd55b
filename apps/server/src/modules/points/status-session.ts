import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { SessionRead } from '../agents/authentication.js';
import { agents } from '../agents/schema.js';
import { openSession, sessionMemberQuery, type SessionMember } from '../agents/members.js';
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

/**
 * The status report's call reads the signed-in member and their balance row in
 * one prepared statement (the session's own rules, members.ts `openSession`),
 * where it would otherwise make two: on the embedded database each statement
 * costs more than its rows. `balanceOf` gives the row read with the member.
 */
export class StatusSession {
  private readonly statement;
  private readonly balances = new WeakMap<SessionMember, BalanceRow | null>();

  constructor(db: Database) {
    this.statement = sessionMemberQuery(db, {
      balanceAgentId: pointBalances.agentId,
      regular: pointBalances.regular,
      additional: pointBalances.additional,
      used: pointBalances.used,
      expired: pointBalances.expired,
      available: pointBalances.available,
      segmentsPd: pointBalances.segmentsPd,
      segmentsOk: pointBalances.segmentsOk,
      nextExpiryOn: pointBalances.nextExpiryOn,
    })
      .leftJoin(pointBalances, eq(pointBalances.agentId, agents.id))
      .where(openSession)
      .prepare('status_report_by_session');
  }

  readonly read: SessionRead = async (tokenHash, now) => {
    const [row] = await this.statement.execute({ tokenHash, now: now.toISOString() });
    if (row === undefined) return undefined;
    const { balanceAgentId, regular, additional, used, expired, available, ...rest } = row;
    const { segmentsPd, segmentsOk, nextExpiryOn, ...member } = rest;
    this.balances.set(
      member,
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
    );
    return member;
  };

  /** The balance row read with this member (null: none yet); undefined if it was not read here. */
  balanceOf(member: SessionMember): BalanceRow | null | undefined {
    return this.balances.get(member);
  }
}
