import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import {
  NewStaffAccountAnswerSchema,
  NewStaffAccountSchema,
  StaffAccountChangeSchema,
  StaffAccountListItemSchema,
  StaffAccountListSchema,
  StaffAccountSchema,
  StaffSetupLinkSchema,
} from '@club/contract/staff-accounts';
import { notFound, validationFailed } from '../../lib/http-error.js';
import { staffActor, staffOf } from './staff-access.js';
import {
  addStaffAccount,
  changeStaffAccount,
  listStaffAccounts,
  newStaffSetupLink,
  setStaffAccountDisabled,
  StaffAccountRefused,
  unlockStaffLogin,
} from './staff-accounts.js';

export type StaffAdminRoutesOptions = { now: () => number };

/** An account's id in the path: digits, within the id column's range. */
const IdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'An account id')
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, 'An account id'),
});

/** Runs a service call; its refusals answer 400 with their messages per field. */
async function refusalsAsBadInput<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StaffAccountRefused) throw validationFailed(error.fields);
    throw error;
  }
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema.describe('Only admins manage staff accounts'),
};

/** Admins manage staff accounts: add, change role and countries, disable, enable, reset, clear a login backoff. */
export const staffAdminRoutes: FastifyPluginCallbackZod<StaffAdminRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db, config } = app;

  app.get(
    '/s2c/staff/v1/staff',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['staff'],
        summary: 'Every staff account with its role, countries and state',
        description:
          '`failedLogins`: failed logins of the account’s email in the current login window; `loginBlockedUntil`: the end of its login backoff, if it is in one.',
        response: { 200: dataEnvelope(StaffAccountListSchema), 401: errors[401], 403: errors[403] },
      },
    },
    async () => ({
      data: { items: await listStaffAccounts(db, new Date(now()), config.loginLimits) },
    }),
  );

  app.post(
    '/s2c/staff/v1/staff',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['staff'],
        summary: 'Adds a staff account, mails its owner the single-use setup link and answers it',
        description:
          'The account has no password or code until its owner opens the setup link: it is mailed to the account’s address in English (through the outbox, `mailedTo`) and shown once to the admin, to hand over if the mail does not arrive. `countries`: two-letter codes separated by commas (or a JSON list), none for an admin. Same service as `npm run staff:add`; audited as `staff.add`.',
        body: NewStaffAccountSchema,
        response: { 200: dataEnvelope(NewStaffAccountAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const answer = await refusalsAsBadInput(() =>
        addStaffAccount(db, staffActor(staff), request.body, new Date(now()), config),
      );
      return { data: answer };
    },
  );

  app.patch(
    '/s2c/staff/v1/staff/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['staff'],
        summary: "Changes a staff account's role and countries (its sessions end)",
        description:
          'An admin cannot take the admin role from themselves, and the club keeps at least one enabled admin. Audited as `staff.change` with the role and countries before and after.',
        params: IdParamsSchema,
        body: StaffAccountChangeSchema,
        response: { 200: dataEnvelope(StaffAccountSchema), ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const account = await refusalsAsBadInput(() =>
        changeStaffAccount(db, staffActor(staff), request.params.id, request.body, new Date(now())),
      );
      if (account === undefined) throw notFound();
      return { data: account };
    },
  );

  for (const [verb, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/s2c/staff/v1/staff/:id/${verb}`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['staff'],
          summary: disabled
            ? 'Disables a staff account: its sessions end, it cannot log in, and its unused setup link is void'
            : 'Enables a disabled staff account again',
          description: disabled
            ? 'Not one’s own account, nor the last enabled admin. Enabling the account again does not bring a voided setup link back (an admin hands over a new one). Audited as `staff.disable` (with `setupLinkVoided` when a link went).'
            : 'An account still waiting for setup needs a new setup link. Audited as `staff.enable`.',
          params: IdParamsSchema,
          response: { 200: dataEnvelope(StaffAccountSchema), ...errors, 404: ErrorBodySchema },
        },
      },
      async (request) => {
        const staff = staffOf(request);
        const account = await refusalsAsBadInput(() =>
          setStaffAccountDisabled(
            db,
            staffActor(staff),
            request.params.id,
            disabled,
            new Date(now()),
          ),
        );
        if (account === undefined) throw notFound();
        return { data: account };
      },
    );
  }

  app.post(
    '/s2c/staff/v1/staff/:id/login-unlock',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['staff'],
        summary: "Clears a staff account's login backoff",
        description:
          'For an account someone keeps failing to log in to: the failed logins of its email and of its staff device cookies are forgotten, so the next login is not held back. An account without failed logins is no change. Audited as `staff.unlock-login` with what was cleared.',
        params: IdParamsSchema,
        response: {
          200: dataEnvelope(StaffAccountListItemSchema),
          ...errors,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const account = await unlockStaffLogin(
        db,
        staffActor(staff),
        request.params.id,
        new Date(now()),
      );
      if (account === undefined) throw notFound();
      request.log.info(
        { event: 'staff.unlock-login', staffId: account.id, by: staff.id },
        'staff login backoff cleared',
      );
      return { data: account };
    },
  );

  app.post(
    '/s2c/staff/v1/staff/:id/setup-link',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['staff'],
        summary: 'A new setup link for a lost phone or password',
        description:
          'Clears the password and the TOTP secret, ends the sessions, and answers a new single-use setup link (older unused ones stop working). Not for one’s own account. Audited as `staff.new-setup-link`.',
        params: IdParamsSchema,
        response: {
          200: dataEnvelope(StaffSetupLinkSchema.extend({ account: StaffAccountSchema })),
          ...errors,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const answer = await refusalsAsBadInput(() =>
        newStaffSetupLink(db, staffActor(staff), request.params.id, new Date(now()), config),
      );
      if (answer === undefined) throw notFound();
      return { data: answer };
    },
  );

  done();
};
