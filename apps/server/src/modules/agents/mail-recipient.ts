import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { agents } from './schema.js';

/** A member as a mail to them needs them: the address, the name it greets, the country and language it and its links speak. */
export type MailRecipient = {
  email: string;
  firstName: string;
  countryCode: string;
  languageCode: string;
};

/** The columns of a {@link MailRecipient}, for queries that select more of the member. */
export const mailRecipientColumns = {
  email: agents.email,
  firstName: agents.firstName,
  countryCode: agents.countryCode,
  languageCode: agents.languageCode,
};

/**
 * The mail recipient of a member (in the caller's transaction, when there is
 * one); undefined when there is no such member, or only a purged member's
 * tombstone (an order of theirs fulfilled or refunded later mails no one).
 */
export async function mailRecipientOf(
  db: Database,
  agentId: number,
): Promise<MailRecipient | undefined> {
  const [member] = await db
    .select(mailRecipientColumns)
    .from(agents)
    .where(and(eq(agents.id, agentId), ne(agents.status, 'purged')));
  return member;
}
