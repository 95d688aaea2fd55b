import { eq } from 'drizzle-orm';
import { EmailOnlyWireSchema, NewPasswordWireSchema } from '@club/contract/membership';
import {
  ForgotPasswordAnswerSchema,
  ForgotPasswordPageSchema,
  RetrievePasswordAnswerSchema,
} from '@club/contract/account-pages';
import type { FastifyInstance } from 'fastify';
import { agents } from '../agents/schema.js';
import { hashPassword } from '../agents/password.js';
import { enqueueMail } from '../mail/outbox.js';
import { TokenFormSchema, submittedToken, tokenParam } from './form-values.js';
import { guestLinkSubmit } from './guest-link-form.js';
import { linkLifetimeMs } from './link-lifetimes.js';
import { memberPageUrl } from '../content/member-page-urls.js';
import { consumeLink, createLinkUnlessSentRecently, findLink } from './links.js';
import { endAccessAfterCredentialChange, notifyPasswordChanged } from './account-changes.js';
import { findMemberByEmail, lockMember, setMemberPassword } from './member-records.js';
import { accountWords, storedPageOr } from './page-texts.js';

/** Password recovery: ask for a link by email (retrieve-password), then set a new password through it (forgot-password). */
export function registerPasswordPages(app: FastifyInstance): void {
  const { db, pageRegistry } = app;

  pageRegistry.register({
    name: 'retrieve-password',
    words: ['retrievePassword', 'form'],
    cached: true,
    load: (context) => storedPageOr(context, 'Retrieve password'),
    submit: guestLinkSubmit(app, {
      body: EmailOnlyWireSchema,
      response: RetrievePasswordAnswerSchema,
      answer: { sent: true as const },
      send: async (tx, form) => {
        const member = await findMemberByEmail(tx, form.email);
        if (member === null || member.status === 'deleted') return;
        const token = await createLinkUnlessSentRecently(
          tx,
          {
            agentId: member.id,
            purpose: 'reset-password',
            lifetimeMs: linkLifetimeMs['reset-password'],
          },
          app.config.mail.resendQuietMs,
        );
        if (token === null) return;
        await enqueueMail(tx, {
          to: member.email,
          template: 'reset-password',
          countryCode: member.countryCode,
          languageCode: member.languageCode,
          variables: {
            link: await memberPageUrl(tx, member, 'forgot-password', { token }),
            firstName: member.firstName,
            number: member.number,
          },
        });
      },
    }),
  });

  pageRegistry.register({
    name: 'forgot-password',
    words: ['forgotPassword', 'link', 'form'],
    schema: ForgotPasswordPageSchema,
    // Looks at the link without using it: the page greets the member by first name.
    load: async (context) => {
      const page = await storedPageOr(context, 'Set a new password');
      const owner = await usableLinkOwner(tokenParam(context.params));
      return {
        ...page,
        FirstUsername: owner?.firstName ?? '',
        // Whoever forgot the password may have forgotten the number too.
        memberNumber: owner?.number ?? '',
        linkValid: owner !== null,
      };
    },
    submit: {
      body: TokenFormSchema.and(NewPasswordWireSchema),
      response: ForgotPasswordAnswerSchema,
      handle: async (context) => {
        const { body, params } = context;
        const invalidLinkAnswer = {
          validationMessages: { token: [(await accountWords(context)).invalidLink] },
        };
        const token = submittedToken(body, params);
        // Hashing costs time: only for a link that can still work.
        if ((await usableLinkOwner(token)) === null) return invalidLinkAnswer;
        const passwordHash = await hashPassword(body.password);
        return db.transaction(async (tx) => {
          const used = await consumeLink(tx, { token, purpose: 'reset-password' });
          const member = used === null ? null : await lockMember(tx, used.agentId);
          if (member === null || member.status === 'deleted') return invalidLinkAnswer;
          await setMemberPassword(tx, member.id, passwordHash);
          // Whoever knew the old password is logged out everywhere, and links mailed before are void.
          await endAccessAfterCredentialChange(tx, member.id, new Date());
          await notifyPasswordChanged(tx, member);
          return { success: true as const };
        });
      },
    },
  });

  /** The first name and number of the member whose reset link this is, if the link still works. */
  async function usableLinkOwner(
    token: string,
  ): Promise<{ firstName: string; number: string } | null> {
    const link = await findLink(db, { token, purpose: 'reset-password' });
    if (link === null || link.used || link.expired) return null;
    const [member] = await db
      .select({ firstName: agents.firstName, number: agents.number, status: agents.status })
      .from(agents)
      .where(eq(agents.id, link.agentId));
    return member === undefined || member.status === 'deleted'
      ? null
      : { firstName: member.firstName, number: member.number };
  }
}
