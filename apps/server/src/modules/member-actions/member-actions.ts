import { and, eq, gt, isNull, like, or, sql } from 'drizzle-orm';
import { ErrorCode } from '@club/contract/envelope';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { sendConfirmEmail } from '../account-links/confirm-email.js';
import { linkLifeTimeDays } from '../account-links/link-lifetimes.js';
import { memberPageUrl } from '../content/member-page-urls.js';
import { linkSentRecently, voidOpenLinks } from '../account-links/links.js';
import { deletedWithin, markDeleted, markRestored } from '../account-links/member-records.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import { agents, sessions, type AgentStatus } from '../agents/schema.js';
import { revokeAgentSessions } from '../agents/sessions.js';
import { loginFailures } from '../limits/schema.js';
import { enqueueMail } from '../mail/outbox.js';

/** Who acts, where, and when: a staff member in the console. */
export type ActionContext = {
  db: Database;
  config: Pick<Config, 'linkLifeTime' | 'mail'>;
  actor: AuditActor;
  /** The countries the actor works in; null for every country. */
  countries: readonly string[] | null;
  now: Date;
  /** Why; required by the calls where an account moves. */
  reason: string | null;
};

type LockedMember = {
  id: number;
  number: string;
  email: string;
  firstName: string;
  countryCode: string;
  languageCode: string;
  status: AgentStatus;
  acceptedTermsVersion: string | null;
};

/** 409: the action does not apply to the member as they are now. */
export const doesNotApply = (message: string) =>
  new HttpError(409, ErrorCode.conflict, { member: message });

/**
 * Runs an action in one transaction on the member's locked row (two staff
 * acting at once change the member one after the other); a member of a
 * country outside the actor's answers 404, as if unknown.
 */
async function onMember(
  context: ActionContext,
  number: string,
  action: (tx: Transaction, member: LockedMember) => Promise<void>,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [member] = await tx
      .select({
        id: agents.id,
        number: agents.number,
        email: agents.email,
        firstName: agents.firstName,
        countryCode: agents.countryCode,
        languageCode: agents.languageCode,
        status: agents.status,
        acceptedTermsVersion: agents.acceptedTermsVersion,
      })
      .from(agents)
      .where(eq(agents.number, number))
      .for('update');
    if (
      member === undefined ||
      member.status === 'purged' ||
      (context.countries !== null && !context.countries.includes(member.countryCode))
    ) {
      throw new HttpError(404, ErrorCode.notFound, null);
    }
    await action(tx, member);
  });
}

function audit(
  tx: Transaction,
  context: ActionContext,
  member: LockedMember,
  change: { action: string; before: unknown; after: unknown },
): Promise<void> {
  return recordAudit(
    tx,
    context.actor,
    {
      ...change,
      targetType: 'member',
      target: member.number,
      countryCode: member.countryCode,
      reason: context.reason,
    },
    context.now,
  );
}

function refuseDeleted(member: LockedMember): void {
  if (member.status === 'deleted') {
    throw doesNotApply('The account is deleted: restore it first');
  }
}

/**
 * Sends a pending member a new confirmation link, like "Activate account"
 * does, and as seldom: not again within the resend quiet time (429).
 */
export function resendConfirmation(context: ActionContext, number: string): Promise<void> {
  return onMember(context, number, async (tx, member) => {
    if (member.status !== 'pending') {
      throw doesNotApply('Only a member who has not confirmed their email gets this mail');
    }
    const quietMs = context.config.mail.resendQuietMs;
    if (
      await linkSentRecently(tx, {
        agentId: member.id,
        purpose: 'confirm-email',
        withinMs: quietMs,
      })
    ) {
      throw new HttpError(429, ErrorCode.tooManyRequests, {
        member: `A confirmation mail went out less than ${Math.ceil(quietMs / 1000)} seconds ago`,
        retryAfterSeconds: Math.ceil(quietMs / 1000),
      });
    }
    await sendConfirmEmail(tx, member);
    await audit(tx, context, member, {
      action: 'member.resend-confirmation',
      before: { status: member.status },
      after: { status: member.status, confirmationMailTo: member.email },
    });
  });
}

/**
 * Ends a login backoff: the member number's failed-login counter and the
 * counters of the member's device cookies go (the login limiter's keys
 * `number:<n>` and `device:<n>:<nonce>`; primary key and prefix index).
 */
export function unlockLogin(context: ActionContext, number: string): Promise<void> {
  return onMember(context, number, async (tx, member) => {
    const cleared = await tx
      .delete(loginFailures)
      .where(
        or(
          eq(loginFailures.key, `number:${member.number}`),
          like(loginFailures.key, `device:${member.number}:%`),
        ),
      )
      .returning({
        key: loginFailures.key,
        failures: loginFailures.failures,
        blockedUntil: loginFailures.blockedUntil,
      });
    if (cleared.length === 0) throw doesNotApply('The member has no failed logins to clear');
    const numberCounter = cleared.find((row) => row.key.startsWith('number:'));
    await audit(tx, context, member, {
      action: 'member.unlock-login',
      before: {
        loginFailures: numberCounter?.failures ?? 0,
        loginBlockedUntil: numberCounter?.blockedUntil ?? null,
        deviceCounters: cleared.length - (numberCounter === undefined ? 0 : 1),
      },
      after: { loginFailures: 0, loginBlockedUntil: null, deviceCounters: 0 },
    });
  });
}

/** Logs the member out everywhere: every open session ends now. */
export function endSessions(context: ActionContext, number: string): Promise<void> {
  return onMember(context, number, async (tx, member) => {
    const [open] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(
        and(
          eq(sessions.agentId, member.id),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, context.now),
        ),
      );
    const openSessions = open?.count ?? 0;
    if (openSessions === 0) throw doesNotApply('The member has no open session');
    await revokeAgentSessions(tx, member.id, context.now);
    await audit(tx, context, member, {
      action: 'member.end-sessions',
      before: { openSessions },
      after: { openSessions: 0 },
    });
  });
}

/**
 * The member's accepted terms no longer count: the terms gate appears at
 * their next page, and accepting it records the country's current version.
 */
export function requireTermsAgain(context: ActionContext, number: string): Promise<void> {
  return onMember(context, number, async (tx, member) => {
    refuseDeleted(member);
    if (member.acceptedTermsVersion === null) {
      throw doesNotApply('The member has not accepted the terms yet: they meet the terms gate');
    }
    await tx.update(agents).set({ acceptedTermsVersion: null }).where(eq(agents.id, member.id));
    await audit(tx, context, member, {
      action: 'member.require-terms',
      before: { acceptedTermsVersion: member.acceptedTermsVersion },
      after: { acceptedTermsVersion: null },
    });
  });
}

/**
 * Deletes the account as the member's own confirmed deletion does: status
 * deleted, logged out everywhere, open emailed links void; kept and
 * restorable for the country's linkLifeTime days, then purged.
 */
export function deleteAccount(context: ActionContext, number: string): Promise<void> {
  return onMember(context, number, async (tx, member) => {
    refuseDeleted(member);
    await markDeleted(tx, member.id);
    await revokeAgentSessions(tx, member.id, context.now);
    await voidOpenLinks(tx, member.id);
    await audit(tx, context, member, {
      action: 'member.delete',
      before: { status: member.status },
      after: {
        status: 'deleted',
        restorableForDays: linkLifeTimeDays(context.config, member.countryCode),
      },
    });
  });
}

/**
 * Restores a deleted account within its linkLifeTime (as the member's restore
 * link does): active again, and the member is told by mail.
 */
export function restoreAccount(context: ActionContext, number: string): Promise<void> {
  return onMember(context, number, async (tx, member) => {
    if (member.status !== 'deleted') throw doesNotApply('The account is not deleted');
    const days = linkLifeTimeDays(context.config, member.countryCode);
    if (!(await deletedWithin(tx, member.id, days))) {
      throw doesNotApply(`The account was deleted more than ${days} days ago`);
    }
    await markRestored(tx, member.id);
    await enqueueMail(tx, {
      to: member.email,
      template: 'account-restored',
      countryCode: member.countryCode,
      languageCode: member.languageCode,
      variables: {
        loginLink: await memberPageUrl(tx, member, 'login'),
        firstName: member.firstName,
      },
    });
    await audit(tx, context, member, {
      action: 'member.restore',
      before: { status: 'deleted' },
      after: { status: 'active' },
    });
  });
}
