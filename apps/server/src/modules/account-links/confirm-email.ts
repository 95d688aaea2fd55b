import type { Transaction } from '../../db/client.js';
import type { MemberToConfirm } from '../agents/account-link-flows.js';
import { enqueueMail } from '../mail/outbox.js';
import { linkLifetimeMs } from './link-lifetimes.js';
import { memberPageUrl } from '../content/member-page-urls.js';
import { createLink } from './links.js';

/**
 * Creates a confirmation link (7 days) and queues the `confirm-email` mail
 * in the caller's transaction: registration with doubleOpt, and reconfirm.
 */
export async function sendConfirmEmail(tx: Transaction, agent: MemberToConfirm): Promise<void> {
  const token = await createLink(tx, {
    agentId: agent.id,
    purpose: 'confirm-email',
    lifetimeMs: linkLifetimeMs['confirm-email'],
  });
  const link = await memberPageUrl(tx, agent, 'registration-email-confirm', { token });
  await enqueueMail(tx, {
    to: agent.email,
    template: 'confirm-email',
    countryCode: agent.countryCode,
    languageCode: agent.languageCode,
    variables: { link, firstName: agent.firstName, number: agent.number },
  });
}
