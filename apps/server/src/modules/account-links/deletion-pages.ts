import {
  DeleteConfirmAnswerSchema,
  ProfileDeleteAnswerSchema,
  ProfileDeletePageSchema,
} from '@club/contract/account-pages';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@club/contract/envelope';
import { HttpError } from '../../lib/http-error.js';
import { enqueueMail } from '../mail/outbox.js';
import { currentMemberId } from './current-member.js';
import { NoFieldsSchema, TokenFormSchema, submittedToken } from './form-values.js';
import { linkLifeTimeDays, linkLifetimeMs } from './link-lifetimes.js';
import { memberPageUrl } from '../content/member-page-urls.js';
import { consumeLink, createLink, hasOpenLink } from './links.js';
import {
  findMember,
  lockMember,
  markDeleted,
  markDeletionRequested,
  revokeAllSessions,
} from './member-records.js';
import { accountWords, dictionaryTextOr, storedPageOr } from './page-texts.js';

/**
 * Leaving the club (members only): profile-delete sends a delete link by
 * email; delete-confirm uses it, marks the member deleted and logs them out
 * everywhere. The data is kept linkLifeTime days, restorable (restore pages).
 */
export function registerDeletionPages(app: FastifyInstance): void {
  const { db, config, pageRegistry } = app;

  pageRegistry.register({
    name: 'profile-delete',
    words: ['profileDelete', 'form'],
    memberOnly: true,
    schema: ProfileDeletePageSchema,
    load: async (context) => {
      const member = await findMember(db, currentMemberId(context.request));
      if (member === null) throw new HttpError(401, ErrorCode.unauthorized, null);
      const deleteLinkSent = await hasOpenLink(db, {
        agentId: member.id,
        purpose: 'delete-account',
      });
      // The title follows the state (spec 1 §2 "Profile delete"): the stored page's
      // title before the link is sent, the dictionary's once it is; editors may add a text.
      const stored = await storedPageOr(context, 'Delete your account');
      return {
        ...stored,
        title: deleteLinkSent
          ? await dictionaryTextOr(
              app,
              context,
              'profileDelete.acceptanceTitle',
              'Deletion Acceptance',
            )
          : stored.title,
        deleteLinkSent,
        linkLifeTime: linkLifeTimeDays(config, member.countryCode),
      };
    },
    // Sends the delete link, or a new one ("Resend confirmation email").
    submit: {
      body: NoFieldsSchema,
      response: ProfileDeleteAnswerSchema,
      handle: ({ request }) =>
        db.transaction(async (tx) => {
          const member = await lockMember(tx, currentMemberId(request));
          if (member === null || member.status === 'deleted' || member.status === 'pending') {
            throw new HttpError(401, ErrorCode.unauthorized, null);
          }
          const linkLifeTime = linkLifeTimeDays(config, member.countryCode);
          const token = await createLink(tx, {
            agentId: member.id,
            purpose: 'delete-account',
            lifetimeMs: linkLifetimeMs['delete-account'],
          });
          await markDeletionRequested(tx, member.id);
          await enqueueMail(tx, {
            to: member.email,
            template: 'delete-account',
            countryCode: member.countryCode,
            languageCode: member.languageCode,
            variables: {
              link: await memberPageUrl(tx, member, 'delete-confirm', { token }),
              linkLifeTime: String(linkLifeTime),
              firstName: member.firstName,
            },
          });
          return { deleteLinkSent: true as const, linkLifeTime };
        }),
    },
  });

  pageRegistry.register({
    name: 'delete-confirm',
    words: ['deleteConfirm', 'profileDelete', 'form'],
    memberOnly: true,
    load: (context) => storedPageOr(context, 'Delete your account'),
    submit: {
      body: TokenFormSchema,
      response: DeleteConfirmAnswerSchema,
      handle: async (context) => {
        const { body, params, request } = context;
        const messages = await accountWords(context);
        return db.transaction(async (tx) => {
          const memberId = currentMemberId(request);
          const member = await lockMember(tx, memberId);
          if (member === null) throw new HttpError(401, ErrorCode.unauthorized, null);
          const linkLifeTime = linkLifeTimeDays(config, member.countryCode);
          // Only the logged-in member's own link: someone else's link deletes nobody.
          const used = await consumeLink(tx, {
            token: submittedToken(body, params),
            purpose: 'delete-account',
            agentId: memberId,
          });
          if (used === null) {
            return {
              errorMessageList: [{ errorMessage: messages.invalidLink }],
              linkLifeTime,
              actionLink: '',
            };
          }
          await markDeleted(tx, member.id);
          await revokeAllSessions(tx, member.id);
          return {
            errorMessageList: [],
            linkLifeTime,
            actionLink: await memberPageUrl(tx, member, 'restore'),
          };
        });
      },
    },
  });
}
