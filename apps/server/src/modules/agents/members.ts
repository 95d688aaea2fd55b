import { and, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { User } from '@club/contract/membership';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { countries } from '../content/schema.js';
import { offices } from '../offices/schema.js';
import { agents, sessions, type AgentStatus } from './schema.js';

/** What the server knows of a member, without the password hash: the agent and the agency name. */
export type Member = {
  id: number;
  number: string;
  countryCode: string;
  languageCode: string;
  officeId: string;
  status: AgentStatus;
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthdayDay: string;
  birthdayMonth: string;
  newsletter: boolean;
  sign: string;
  address: string;
  giftDeliveryAddress: string;
  termsAcceptedAt: Date | null;
  /** The version of the terms the member accepted; null before any acceptance. */
  acceptedTermsVersion: string | null;
  /** The country's current terms version; null while the country has no content. */
  currentTermsVersion: string | null;
  isAmadeusDirectUser: boolean;
  agency: string;
};

/** A member about to log in: with the password hash to verify, which never leaves the server. */
export type LoginCandidate = Member & { passwordHash: string };

/** A member signed in through a session. */
export type SessionMember = Member & { sessionId: number };

/** States in which a member may hold a session; pending and deleted members may not. */
export const sessionStatuses: AgentStatus[] = ['active', 'deletion_requested'];

const memberColumns = {
  id: agents.id,
  number: agents.number,
  countryCode: agents.countryCode,
  languageCode: agents.languageCode,
  officeId: agents.officeId,
  status: agents.status,
  title: agents.title,
  firstName: agents.firstName,
  lastName: agents.lastName,
  email: agents.email,
  phone: agents.phone,
  birthdayDay: agents.birthdayDay,
  birthdayMonth: agents.birthdayMonth,
  newsletter: agents.newsletter,
  sign: agents.sign,
  address: agents.address,
  giftDeliveryAddress: agents.giftDeliveryAddress,
  termsAcceptedAt: agents.termsAcceptedAt,
  acceptedTermsVersion: agents.acceptedTermsVersion,
  currentTermsVersion: countries.termsVersion,
  isAmadeusDirectUser: agents.isAmadeusDirectUser,
  agency: offices.agencyName,
};

/**
 * The login candidate of a number as a one-row select with the columns named
 * as `LoginCandidate`, to be answered inside another statement (the login gate).
 */
export function loginCandidateSelect(number: string): SQL {
  const columns = Object.entries({ ...memberColumns, passwordHash: agents.passwordHash }).map(
    ([alias, column]) => sql`${column} as ${sql.identifier(alias)}`,
  );
  return sql`select ${sql.join(columns, sql`, `)} from ${agents}
    inner join ${offices} on ${offices.officeId} = ${agents.officeId}
    left join ${countries} on ${countries.code} = ${agents.countryCode}
    where ${agents.number} = ${number}`;
}

/**
 * Whether the member accepted the terms their country publishes now: a new
 * `termsVersion` in the country's content brings back the terms gate.
 */
export function acceptedCurrentTerms(
  member: Pick<Member, 'acceptedTermsVersion' | 'currentTermsVersion'>,
): boolean {
  if (member.acceptedTermsVersion === null) return false;
  return (
    member.currentTermsVersion === null ||
    member.acceptedTermsVersion === member.currentTermsVersion
  );
}

/** The member as the API shows them (contract `User`). */
export function userAnswer(member: Member): User {
  return {
    id: member.id,
    number: member.number,
    countryCode: member.countryCode,
    firstName: member.firstName,
    lastName: member.lastName,
    title: member.title,
    email: member.email,
    phone: member.phone,
    birthdayDay: member.birthdayDay,
    birthdayMonth: member.birthdayMonth,
    newsletter: member.newsletter,
    sign: member.sign,
    officeId: member.officeId,
    agency: member.agency,
    address: member.address,
    giftDeliveryAddress: member.giftDeliveryAddress,
    agentAcceptedTermsAndConditions: acceptedCurrentTerms(member),
    isAmadeusDirectUser: member.isAmadeusDirectUser,
  };
}

/** The columns of a signed-in member: the member and their session's id. */
export const sessionMemberColumns = { ...memberColumns, sessionId: sessions.id };

/**
 * The member of an open session and `more` columns, as a query to finish with
 * `.where(openSession)` and `.prepare(name)`: a call that needs more of the
 * member than this (the status report) joins it here and reads it in the
 * session's own statement.
 */
export function sessionMemberQuery<More extends SelectedFields>(db: Database, more: More) {
  return db
    .select({ ...sessionMemberColumns, ...more })
    .from(sessions)
    .innerJoin(agents, eq(agents.id, sessions.agentId))
    .innerJoin(offices, eq(offices.officeId, agents.officeId))
    .leftJoin(countries, eq(countries.code, agents.countryCode))
    .$dynamic();
}

/**
 * What makes a session open (not revoked, not expired, member not pending or
 * deleted), for the placeholders `tokenHash` and `now` (an ISO string).
 */
export const openSession = and(
  eq(sessions.tokenHash, sql.placeholder('tokenHash')),
  isNull(sessions.revokedAt),
  gt(sessions.expiresAt, sql.placeholder('now')),
  inArray(agents.status, sessionStatuses),
);

/**
 * Reads of members. The one every signed-in call makes is prepared once per
 * app: building a query costs more than running it.
 * Times are passed as ISO strings, which both database drivers take as they are.
 */
export class Members {
  private readonly bySession;

  constructor(private readonly db: Database) {
    this.bySession = sessionMemberQuery(db, {}).where(openSession).prepare('members_by_session');
  }

  /** The member of an open session (not revoked, not expired, member not pending or deleted). */
  async bySessionToken(tokenHash: string, now: Date): Promise<SessionMember | undefined> {
    const [row] = await this.bySession.execute({ tokenHash, now: now.toISOString() });
    return row;
  }

  async byId(id: number, db: Database = this.db): Promise<Member | undefined> {
    const [row] = await db
      .select(memberColumns)
      .from(agents)
      .innerJoin(offices, eq(offices.officeId, agents.officeId))
      .leftJoin(countries, eq(countries.code, agents.countryCode))
      .where(eq(agents.id, id));
    return row;
  }

  /** Whether another account (in any state, deleted ones too) has this email, case-insensitively. */
  async emailTaken(email: string, exceptId?: number, db: Database = this.db): Promise<boolean> {
    const [row] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(eq(sql`lower(${agents.email})`, email.toLowerCase()))
      .limit(1);
    return row !== undefined && row.id !== exceptId;
  }
}

/** Whether an error is the unique email index refusing a second account (a race the check above lost). */
export function isEmailTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'agents_email_idx');
}
