import { RestoreWireSchema } from '@club/contract/membership';
import { RestoreAnswerSchema, RestoreConfirmAnswerSchema } from '@club/contract/account-pages';
import type { FastifyInstance } from 'fastify';
import { enqueueMail } from '../mail/outbox.js';
import { TokenFormSchema, submittedToken } from './form-values.js';
import { guestLinkSubmit } from './guest-link-form.js';
import { daysInMs, linkLifeTimeDays } from './link-lifetimes.js';
import { memberPageUrl } from '../content/member-page-urls.js';
import { consumeLink, createLinkUnlessSentRecently, findLink } from './links.js';
import { deletedWithin, findMemberByEmail, lockMember, markRestored } from './member-records.js';
import { accountWords, storedPageOr } from './page-texts.js';

const restoreLinkSentAnswer = {
  restoreLinkSent: true,
  errorMessageList: [],
  alreadyRestored: false,
};
const restoredAnswer = { errors: [], alreadyActivated: false, errorMessageList: [] };
type AccountWords = Awaited<ReturnType<typeof accountWords>>;
const alreadyRestoredAnswer = (messages: AccountWords) => ({
  errors: [messages.alreadyRestored],
  alreadyActivated: true,
  errorMessageList: [{ errorMessage: messages.alreadyRestored }],
});
const invalidLinkAnswer = (messages: AccountWords) => ({
  errors: [messages.error],
  alreadyActivated: false,
  errorMessageList: [{ errorMessage: messages.invalidLink }],
});

/**
 * Coming back: restore sends a restore link to a deleted member (email and
 * member number must match) within linkLifeTime days of the deletion;
 * restore-confirm uses it and makes the member active again.
 */
export function registerRestorePages(app: FastifyInstance): void {
  const { db, config, pageRegistry } = app;

  pageRegistry.register({
    name: 'restore',
    words: ['restore', 'form'],
    cached: true,
    load: (context) => storedPageOr(context, 'Restore account'),
    // Only for a deleted member whose email and number match.
    submit: guestLinkSubmit(app, {
      body: RestoreWireSchema,
      response: RestoreAnswerSchema,
      answer: restoreLinkSentAnswer,
      send: async (tx, form) => {
        const member = await findMemberByEmail(tx, form.email);
        if (member === null || member.number !== form.number) return;
        const days = linkLifeTimeDays(config, member.countryCode);
        if (!(await deletedWithin(tx, member.id, days))) return;
        const token = await createLinkUnlessSentRecently(
          tx,
          { agentId: member.id, purpose: 'restore-account', lifetimeMs: daysInMs(days) },
          app.config.mail.resendQuietMs,
        );
        if (token === null) return;
        await enqueueMail(tx, {
          to: member.email,
          template: 'restore-account',
          countryCode: member.countryCode,
          languageCode: member.languageCode,
          variables: {
            link: await memberPageUrl(tx, member, 'restore-confirm', { token }),
            firstName: member.firstName,
          },
        });
      },
    }),
  });

  pageRegistry.register({
    name: 'restore-confirm',
    words: ['restoreConfirm', 'restore', 'form'],
    cached: true,
    load: (context) => storedPageOr(context, 'Restore account'),
    submit: {
      body: TokenFormSchema,
      response: RestoreConfirmAnswerSchema,
      handle: async (context) => {
        const { body, params } = context;
        const messages = await accountWords(context);
        return db.transaction(async (tx) => {
          const link = { token: submittedToken(body, params), purpose: 'restore-account' } as const;
          const used = await consumeLink(tx, link);
          const seen = used === null ? await findLink(tx, link) : null;
          const agentId = used?.agentId ?? seen?.agentId;
          const member = agentId === undefined ? null : await lockMember(tx, agentId);
          if (member === null) return invalidLinkAnswer(messages);
          if (member.status !== 'deleted') {
            // Restored already, through this link or another one.
            return used !== null || seen?.used === true
              ? alreadyRestoredAnswer(messages)
              : invalidLinkAnswer(messages);
          }
          const days = linkLifeTimeDays(config, member.countryCode);
          if (used === null || !(await deletedWithin(tx, member.id, days))) {
            return invalidLinkAnswer(messages);
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
          return restoredAnswer;
        });
      },
    },
  });
}
