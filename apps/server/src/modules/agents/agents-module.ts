import { appPlugin } from '../../app-types.js';
import { AccountLinkFlowsPort } from './account-link-flows.js';
import { agentRoutes } from './agent-routes.js';
import { setupAuthentication } from './authentication.js';
import { DeviceCookies } from './device-cookies.js';
import { handoverRoutes } from './handover-routes.js';
import { LoginLimiter, RequestLimiter } from '../limits/login-limiter.js';
import { RequestQuota } from '../limits/request-quota.js';
import { loginRoutes } from './login-routes.js';
import { MemberActivationPort } from './member-activation.js';
import { registerMembershipPages } from './membership-pages.js';
import { registrationRoute } from './registration-route.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The emailed-link flows registration and the own record use; the account-links module supplies them. */
    accountLinkFlows: AccountLinkFlowsPort;
    /** What an account's activation credits (the welcome bonus); the points module supplies it. */
    memberActivation: MemberActivationPort;
  }
}

export type AgentsModuleOptions = {
  /** Clock of sessions, login limits and registration; injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * The agents module: authentication (on the app itself, so that every module
 * can use `app.authenticate`, `app.requireMember` and `request.agent`),
 * registration, login and logout, the session handover between country
 * sites, the member's own record, and the
 * registration and profile pages.
 */
export const agentsModule = appPlugin<AgentsModuleOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    app.decorate('accountLinkFlows', new AccountLinkFlowsPort());
    app.decorate('memberActivation', new MemberActivationPort());
    const members = setupAuthentication(app, now);
    const limiter = new LoginLimiter(app.db, app.config.loginLimits);
    const deviceCookies = new DeviceCookies(app.db, {
      configuredSecret: app.config.deviceCookieSecret,
      production: app.config.production,
    });
    const requestLimiter = new RequestLimiter(app.db, app.config.loginLimits);
    registerMembershipPages(app);
    await app.register(loginRoutes, { limiter, deviceCookies, now });
    await app.register(agentRoutes, {
      members,
      limiter,
      requestLimiter,
      quota: new RequestQuota(app.db),
      now,
    });
    await app.register(registrationRoute, { members, requestLimiter, now });
    await app.register(handoverRoutes, { members, requestLimiter, now });
  },
  { name: 'agents', dependencies: ['content', '@fastify/formbody'] },
);
