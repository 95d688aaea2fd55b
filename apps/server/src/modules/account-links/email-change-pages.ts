import { eq } from 'drizzle-orm';
import {
  EmailChangeConfirmAnswerSchema,
  type EmailChangeConfirmAnswer,
} from '@club/contract/account-pages';
import type { FastifyInstance } from 'fastify';
import { wordMessage } from '@club/contract/message-catalogue';
import { memberMessages } from '../agents/member-rules.js';
import { isEmailTaken } from '../agents/members.js';
import { agents } from '../agents/schema.js';
import { endAccessAfterCredentialChange } from './account-changes.js';
import { TokenFormSchema, submittedToken } from './form-values.js';
import { consumeLink } from './links.js';
import { findMemberByEmail, lockMember } from './member-records.js';
import { accountWords, storedPageOr } from './page-texts.js';

/**
 * The page of the link mailed to a new email address (profile update): the
 * page posts the link's token on open, and one transaction uses the link,
 * makes the address the member's, ends every session of the member and
 * voids their other links. Anyone may open it: the link is the proof.
 */
export function registerEmailChangePages(app: FastifyInstance): void {
  const { db, pageRegistry } = app;

  pageRegistry.register({
    name: 'email-change-confirm',
    words: ['emailChange', 'link', 'form'],
    cached: true,
    load: (context) => storedPageOr(context, 'Confirm your new email address'),
    submit: {
      body: TokenFormSchema,
      response: EmailChangeConfirmAnswerSchema,
      handle: async (context) => {
        const { body, params } = context;
        const invalidLinkAnswer: EmailChangeConfirmAnswer = {
          emailChanged: false,
          errors: [(await accountWords(context)).invalidLink],
        };
        const emailTakenAnswer: EmailChangeConfirmAnswer = {
          emailChanged: false,
          errors: [
            wordMessage({ key: memberMessages.emailTaken }, await context.content.dictionary()),
          ],
        };
        try {
          return await db.transaction(async (tx) => {
            const used = await consumeLink(tx, {
              token: submittedToken(body, params),
              purpose: 'change-email',
            });
            const member = used === null ? null : await lockMember(tx, used.agentId);
            if (used?.email == null || member === null) return invalidLinkAnswer;
            if (member.status !== 'active' && member.status !== 'deletion_requested') {
              return invalidLinkAnswer;
            }
            // Someone registered the address while the link was on its way.
            const owner = await findMemberByEmail(tx, used.email);
            if (owner !== null && owner.id !== member.id) return emailTakenAnswer;
            await tx.update(agents).set({ email: used.email }).where(eq(agents.id, member.id));
            await endAccessAfterCredentialChange(tx, member.id, new Date());
            return { emailChanged: true, errors: [] };
          });
        } catch (error) {
          // The same race, lost at the unique index: nothing was changed.
          if (isEmailTaken(error)) return emailTakenAnswer;
          throw error;
        }
      },
    },
  });
}
