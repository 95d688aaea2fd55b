import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import { RegistrationWireSchema, SessionAnswerSchema } from '@club/contract/membership';
import { messages } from '@club/contract/validation-rules';
import { validationFailed } from '../../lib/http-error.js';
import type { FieldMessages } from '../../lib/validation-data.js';
import { findOffice } from '../offices/offices-repository.js';
import type { RequestLimiter } from '../limits/login-limiter.js';
import { alreadyRegistered, memberMessages, signFor } from './member-rules.js';
import { tooManyRequests } from '../limits/too-many-requests.js';
import { isEmailTaken, userAnswer, type Members } from './members.js';
import { hashPassword } from './password.js';
import { agents } from './schema.js';
import { currentTermsVersion } from './terms-version.js';
import { openSession } from './sessions.js';
import { limitAddress } from '../limits/client-address.js';

export type RegistrationRouteOptions = {
  members: Members;
  requestLimiter: RequestLimiter;
  now: () => number;
};

/** The form values, plus the language of the member's emails and links. */
const RegistrationBodySchema = z.intersection(
  RegistrationWireSchema,
  z.object({ languageCode: z.string().max(8).optional() }),
);

/**
 * Registration (spec 1 §2 step 5, §4): the contract's rules, then the checks
 * only the server can make, then the member — active with a session, or with
 * the country's double opt-in pending with a confirmation email queued in the
 * same transaction.
 */
export const registrationRoute: FastifyPluginCallbackZod<RegistrationRouteOptions> = (
  app,
  options,
  done,
) => {
  const { members, requestLimiter, now } = options;
  const { db, config, contentCache } = app;

  app.post(
    '/s2c/auth/v1/agents',
    {
      schema: {
        tags: ['membership'],
        summary: 'Registration',
        description:
          "With the country's doubleOpt off the member is active and `token` opens a session; with it on the member is pending, `token` is null and a confirmation email is queued.",
        body: RegistrationBodySchema,
        response: {
          200: dataEnvelope(SessionAnswerSchema),
          400: ErrorBodySchema.describe(
            'Per-field messages: the rules of the contract, unknown or inactive office; email already registered only when every other field is valid',
          ),
          429: ErrorBodySchema.describe(
            'Too many registrations from this client address (REGISTRATION_ADDRESS_FREE_ATTEMPTS); see Retry-After',
          ),
          503: ErrorBodySchema.describe('The database cannot be reached'),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Every attempt counts, so that the email check below cannot be asked at will.
      const allowed = await requestLimiter.take(
        [
          {
            key: `registration-address:${limitAddress(request.ip)}`,
            free: config.requestLimits.registrationsPerAddress,
          },
        ],
        new Date(now()),
      );
      if (!allowed.allowed) throw tooManyRequests(reply, allowed.retryAfterSeconds);
      const country = (await contentCache.index()).get(body.countryCode.toLowerCase());
      if (country === undefined)
        throw validationFailed({ countryCode: memberMessages.unknownCountry });
      const requestedLanguage = body.languageCode?.toLowerCase();
      const languageCode = country.languages.some((language) => language.code === requestedLanguage)
        ? requestedLanguage!
        : country.defaultLanguageCode;

      const problems: FieldMessages = {};
      const office = await findOffice(db, body.officeId, country.code);
      if (office === undefined) problems.officeId = messages.officeNotFound;
      else if (office.isAmadeusDirectOffice) problems.officeId = memberMessages.directOffice;
      else if (country.decisionMakerOptIn && !office.active) {
        problems.officeId = memberMessages.officeInactive;
      }
      if (office === undefined || Object.keys(problems).length > 0)
        throw validationFailed(problems);
      // Only now, with every other field valid: otherwise the form would tell
      // whether an address is registered for nothing (an email oracle).
      if (await members.emailTaken(body.email)) throw alreadyRegistered();

      const passwordHash = await hashPassword(body.password);
      const at = new Date(now());
      const pending = country.doubleOpt;
      let registered: { id: number; token: string | null };
      try {
        registered = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(agents)
            .values({
              countryCode: country.code,
              languageCode,
              officeId: office.officeId,
              status: pending ? 'pending' : 'active',
              title: body.title,
              firstName: body.firstName.trim(),
              lastName: body.lastName.trim(),
              email: body.email,
              phone: body.phone,
              birthdayDay: body.birthdayDay,
              birthdayMonth: body.birthdayMonth,
              newsletter: body.newsletter,
              sign: signFor(country.code, body.sign),
              // The directory's address, whatever the client built (spec 1 §7).
              address: office.zip === '' ? office.address : `${office.address}, ${office.zip}`,
              passwordHash,
              // Registration requires agreeing to the conditions: the terms published now.
              termsAcceptedAt: at,
              acceptedTermsVersion: currentTermsVersion(country.code),
              createdAt: at,
              activatedAt: pending ? null : at,
            })
            .returning({ id: agents.id, number: agents.number });
          const id = row!.id;
          if (pending) {
            await app.accountLinkFlows.flows.sendConfirmEmail(tx, {
              id,
              number: row!.number,
              email: body.email,
              countryCode: country.code,
              languageCode,
              firstName: body.firstName.trim(),
            });
            return { id, token: null };
          }
          // Active at once: the country's welcome bonus in force today (a confirmation credits it otherwise).
          await app.memberActivation.welcome(
            tx,
            { id, number: row!.number, countryCode: country.code },
            at,
          );
          return { id, token: await openSession(tx, id, at, config.sessionLifetimeHours) };
        });
      } catch (error) {
        if (isEmailTaken(error)) throw alreadyRegistered();
        throw error;
      }
      const member = await members.byId(registered.id);
      return { data: { user: userAnswer(member!), token: registered.token } };
    },
  );

  done();
};
