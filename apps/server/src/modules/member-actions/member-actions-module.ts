import { appPlugin } from '../../app-types.js';
import { countryTermsRoutes } from './country-terms-routes.js';
import { memberActionsRoutes } from './member-actions-routes.js';

export type MemberActionsModuleOptions = {
  /** Clock of the actions and their audit entries; injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * Staff actions on one member (resend the confirmation mail, unlock logins,
 * end sessions, direct access, terms, delete and restore, the data export)
 * and the country-wide "require the terms again": the console's member view
 * and terms area (docs/staff-console.md "Member actions").
 */
export const memberActionsModule = appPlugin<MemberActionsModuleOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    await app.register(memberActionsRoutes, { now });
    await app.register(countryTermsRoutes, { now });
  },
  { name: 'member-actions', dependencies: ['staff', 'agents', 'account-links', 'mail'] },
);
