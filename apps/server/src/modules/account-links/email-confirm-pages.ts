import { EmailOnlyWireSchema } from '@club/contract/membership';
import { EmailConfirmAnswerSchema, ReconfirmAnswerSchema } from '@club/contract/account-pages';
import type { FastifyInstance } from 'fastify';
import { enqueueMail } from '../mail/outbox.js';
import { mailQueuedRecently } from '../mail/outbox-repository.js';
import { sendConfirmEmail } from './confirm-email.js';
import { TokenFormSchema, submittedToken } from './form-values.js';
import { guestLinkSubmit } from './guest-link-form.js';
import { memberPageUrl } from '../content/member-page-urls.js';
import { consumeLink, findLink, linkSentRecently } from './links.js';
import { activateMember, findMemberByEmail, lockMember } from './member-records.js';
import { accountWords, storedPageOr } from './page-texts.js';

/** Email confirmation (doubleOpt): the emailed link's page, and "Activate account" (reconfirm). */
export function registerEmailConfirmPages(app: FastifyInstance): void {
  const { db, pageRegistry } = app;

  pageRegistry.register({
    name: 'registration-email-confirm',
    words: ['emailConfirm', 'link', 'form'],
    cached: true,
    load: (context) => storedPageOr(context, 'Email confirmation'),
    // The page posts the link's token when it opens; a GET never uses a link.
    submit: {
      body: TokenFormSchema,
      response: EmailConfirmAnswerSchema,
      handle: async (context) => {
        const { body, params } = context;
        const messages = await accountWords(context);
        return db.transaction(async (tx) => {
          const token = submittedToken(body, params);
          const used = await consumeLink(tx, { token, purpose: 'confirm-email' });
          const link = used ?? (await findLink(tx, { token, purpose: 'confirm-email' }));
          const member = link === null ? null : await lockMember(tx, link.agentId);
          if (member === null || member.status === 'deleted') {
            return { errors: [messages.invalidLink], alreadyActivated: false };
          }
          if (member.status !== 'pending') {
            return { errors: [messages.alreadyActive], alreadyActivated: true };
          }
          // A pending member's link that is used or expired: ask for a new one (reconfirm).
          if (used === null) return { errors: [messages.invalidLink], alreadyActivated: false };
          await activateMember(tx, member.id);
          // The country's welcome bonus in force today, with the activation (once per member).
          const at = new Date();
          await app.memberActivation.welcome(tx, member, at);
          return { errors: [], alreadyActivated: false };
        });
      },
    },
  });

  pageRegistry.register({
    name: 'reconfirm',
    words: ['reconfirm', 'form'],
    cached: true,
    load: (context) => storedPageOr(context, 'Activate account'),
    submit: guestLinkSubmit(app, {
      body: EmailOnlyWireSchema,
      response: ReconfirmAnswerSchema,
      // The same answer for unknown, pending and active addresses.
      answer: { emailReconfirmed: true, alreadyActivated: false, errorMessages: [] },
      send: async (tx, form) => {
        const member = await findMemberByEmail(tx, form.email);
        if (member === null || member.status === 'deleted') return;
        if (member.status === 'pending') {
          const recent = await linkSentRecently(tx, {
            agentId: member.id,
            purpose: 'confirm-email',
            withinMs: app.config.mail.resendQuietMs,
          });
          if (!recent) await sendConfirmEmail(tx, member);
          return;
        }
        // Already active: no link, but a mail that says so and leads to the login.
        const recent = await mailQueuedRecently(tx, {
          to: member.email,
          template: 'already-active',
          withinMs: app.config.mail.resendQuietMs,
        });
        if (recent) return;
        await enqueueMail(tx, {
          to: member.email,
          template: 'already-active',
          countryCode: member.countryCode,
          languageCode: member.languageCode,
          variables: {
            loginLink: await memberPageUrl(tx, member, 'login'),
            firstName: member.firstName,
          },
        });
      },
    }),
  });
}
