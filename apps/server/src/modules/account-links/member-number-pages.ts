import { and, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EmailOnlyWireSchema } from '@club/contract/membership';
import { RetrieveMemberNumberAnswerSchema } from '@club/contract/account-pages';
import type { Transaction } from '../../db/client.js';
import { mailOutbox } from '../mail/schema.js';
import { enqueueMail } from '../mail/outbox.js';
import { guestLinkSubmit } from './guest-link-form.js';
import { memberPageUrl } from '../content/member-page-urls.js';
import { findMemberByEmail } from './member-records.js';
import { storedPageOr } from './page-texts.js';

/** Whether the member-number mail went to this address within the quiet time. */
async function sentRecently(tx: Transaction, email: string, quietMs: number): Promise<boolean> {
  if (quietMs <= 0) return false;
  const [row] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        sql`lower(${mailOutbox.recipient}) = lower(${email})`,
        gt(mailOutbox.createdAt, new Date(Date.now() - quietMs)),
        sql`${mailOutbox.template} = 'member-number'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * "Forgot your member number?" (`retrieve-member-number`): a guest gives the
 * email of their account and is mailed their member number with the login
 * link. Like retrieve-password, the answer is the same and comes after the
 * same time whether or not the address is a member's (guest-link-form.ts),
 * and a second request within the resend quiet time sends nothing.
 */
export function registerMemberNumberPages(app: FastifyInstance): void {
  app.pageRegistry.register({
    name: 'retrieve-member-number',
    words: ['retrieveMemberNumber', 'form'],
    cached: true,
    load: (context) => storedPageOr(context, 'Forgot your member number?'),
    submit: guestLinkSubmit(app, {
      body: EmailOnlyWireSchema,
      response: RetrieveMemberNumberAnswerSchema,
      answer: { sent: true as const },
      send: async (tx, form) => {
        const member = await findMemberByEmail(tx, form.email);
        if (member === null || member.status === 'deleted' || member.status === 'purged') return;
        if (await sentRecently(tx, member.email, app.config.mail.resendQuietMs)) return;
        await enqueueMail(tx, {
          to: member.email,
          template: 'member-number',
          countryCode: member.countryCode,
          languageCode: member.languageCode,
          variables: {
            number: member.number,
            loginLink: await memberPageUrl(tx, member, 'login'),
            firstName: member.firstName,
          },
        });
      },
    }),
  });
}
