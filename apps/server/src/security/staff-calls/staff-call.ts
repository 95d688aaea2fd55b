import type { InjectOptions } from 'fastify';
import type { createAgent } from '../../testing/factories.js';

type Agent = Awaited<ReturnType<typeof createAgent>>;

/** What the rows of the staff access matrix build their requests from. */
export type StaffWorld = {
  /** A member of `gr`, the country every row's target is in. */
  member: Agent;
  /** A member of `at`. */
  otherCountryMember: Agent;
  /** An order of the `gr` member (placed by the world's set-up), when a row needs one. */
  orderId?: number;
  /** Anything else a row's set-up made, by name. */
  extra: Record<string, string | number>;
};

/**
 * One staff call of the access matrix (staff-access-matrix.test.ts). Each
 * console area lists its calls in a file of this folder; the matrix sends
 * each without a live staff session, as a role that may not make it, and as a
 * manager of another country, and checks that nothing changed.
 */
export type StaffCall = {
  /** The route as registered: `GET /s2c/staff/v1/members/:number`. */
  route: string;
  /** The call, about something of the world's `gr`; the matrix adds the authorization. */
  request(world: StaffWorld): InjectOptions;
  /**
   * Who may make it: `staff` (any role: reading), `manager` (admin and
   * manager: changes), `admin` (admin only: staff accounts), `support-within-limit`
   * (any role, support up to its limit per member per day: the row's request is over it).
   */
  allowed: 'staff' | 'manager' | 'admin' | 'support-within-limit';
  /** The call is about something of one country: a manager of another gets 404. */
  countryScoped: boolean;
  /** Ends the session of its own token (logout): that row may change, nothing else. */
  endsItsSession?: true;
  /**
   * Plausible values the call takes beyond those of `request` (query fields of
   * a GET, body fields otherwise): the bad-input suite (bad-input.test.ts)
   * varies them with the request's own.
   */
  moreValues?: (world: StaffWorld) => Record<string, unknown>;
};

/**
 * A staff call made without a staff session (the login, the setup link): in
 * the bad-input suite, not in the access matrix (nothing to refuse).
 */
export type OpenStaffCall = Pick<StaffCall, 'route' | 'request' | 'moreValues'>;

export const form = (values: Record<string, string>): Partial<InjectOptions> => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(values).toString(),
});
