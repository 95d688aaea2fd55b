import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { agents } from '../agents/schema.js';
import { revokeAgentSessions } from '../agents/sessions.js';
import { countries } from '../content/schema.js';
import { enqueueMail } from '../mail/outbox.js';
import { linkLifetimeMs } from './link-lifetimes.js';
import { memberPageUrl, type MemberLocale } from '../content/member-page-urls.js';
import { createLink, voidOpenLinks } from './links.js';
import { findMemberByEmail } from './member-records.js';

/** The member whose password or email changes, as the mails need them. */
export type ChangingMember = MemberLocale & {
  id: number;
  email: string;
  firstName: string;
};

/**
 * After a new password, a confirmed new email or a password reset, whoever
 * held the old credentials loses what they gave (OWASP ASVS 5.0: sessions
 * end after a change of an authentication factor): every session of the member ends but `keepSessionId` (the one
 * the member changed the password in), and every open emailed link
 * (confirm, reset, delete, restore, change of email) stops working. A
 * deletion request whose link is voided is withdrawn.
 */
export async function endAccessAfterCredentialChange(
  tx: Transaction,
  agentId: number,
  at: Date,
  keepSessionId?: number,
): Promise<void> {
  await revokeAgentSessions(tx, agentId, at, keepSessionId);
  const voided = await voidOpenLinks(tx, agentId);
  if (voided.includes('delete-account')) {
    await tx
      .update(agents)
      .set({ status: 'active' })
      .where(and(eq(agents.id, agentId), eq(agents.status, 'deletion_requested')));
  }
}

/**
 * A new email asked for on the profile: it becomes the member's only through
 * the single-use link mailed to it, which proves the new mailbox is theirs;
 * an earlier link for another address stops working. The current address is
 * told, with the way to reach support, and keeps login and mail until then.
 *
 * An address that is another member's gets no link: its owner is told, in
 * their language, that someone asked for it and nothing changed. The member
 * who asked sees the same as for any other address (the same answer, the same
 * mail to their current address), so the profile tells nobody whether an
 * address is registered.
 */
export async function requestEmailChange(
  tx: Transaction,
  member: ChangingMember,
  newEmail: string,
): Promise<void> {
  await voidOpenLinks(tx, member.id, ['change-email']);
  const owner = await findMemberByEmail(tx, newEmail);
  if (owner === null || owner.id === member.id) {
    const token = await createLink(tx, {
      agentId: member.id,
      purpose: 'change-email',
      lifetimeMs: linkLifetimeMs['change-email'],
      email: newEmail,
    });
    await enqueueMail(tx, {
      countryCode: member.countryCode,
      languageCode: member.languageCode,
      to: newEmail,
      template: 'email-change-confirm',
      variables: {
        link: await memberPageUrl(tx, member, 'email-change-confirm', { token }),
        newEmail,
        firstName: member.firstName,
      },
    });
  } else if (owner.status !== 'deleted' && owner.status !== 'purged') {
    await enqueueMail(tx, {
      countryCode: owner.countryCode,
      languageCode: owner.languageCode,
      to: owner.email,
      template: 'email-address-in-use',
      variables: { support: await supportContact(tx, owner), firstName: owner.firstName },
    });
  }
  await enqueueMail(tx, {
    countryCode: member.countryCode,
    languageCode: member.languageCode,
    to: member.email,
    template: 'email-change-requested',
    variables: { newEmail, support: await supportContact(tx, member), firstName: member.firstName },
  });
}

/** The member is told at their current address that the password changed (NIST 800-63B: authenticator changes are notified). */
export async function notifyPasswordChanged(
  tx: Transaction,
  member: ChangingMember,
): Promise<void> {
  await enqueueMail(tx, {
    to: member.email,
    template: 'password-changed',
    countryCode: member.countryCode,
    languageCode: member.languageCode,
    variables: { support: await supportContact(tx, member), firstName: member.firstName },
  });
}

/** The country's contact address, else its FAQ page: where a member who did not make a change turns. */
async function supportContact(tx: Transaction, member: MemberLocale): Promise<string> {
  const [country] = await tx
    .select({ contactUsEmail: countries.contactUsEmail })
    .from(countries)
    .where(eq(countries.code, member.countryCode));
  const email = country?.contactUsEmail?.trim() ?? '';
  return email !== '' ? email : memberPageUrl(tx, member, 'faq');
}
