import { appPlugin } from '../../app-types.js';
import { registerAgencyRoutes } from './agencies-routes.js';
import { issueAgencyLink } from './agency-links.js';

export type AgenciesModuleOptions = {
  /** Clock, injectable for tests (default Date.now). */
  now?: () => number;
};

/** Agency opt-in and opt-out (spec 2 §2.4): the emailed links and the state-change calls. */
export const agenciesModule = appPlugin<AgenciesModuleOptions>(
  (app, options) => {
    // The offices module, below, mails this link to the decision maker of an enrol request.
    app.officeOptInLinks.supply(
      async (tx, officeId, now) =>
        (await issueAgencyLink(tx, officeId, 'opt-in', now, app.config.agencyLinkDays)).url,
    );
    registerAgencyRoutes(app, { now: options.now ?? Date.now });
    // The opt pages are content pages with the agency's words; their data comes from the link call.
    for (const [name, title] of [
      ['agency-opt-in', 'Agency opt-in'],
      ['agency-opt-out', 'Agency opt-out'],
    ] as const) {
      app.pageRegistry.register({
        name,
        cached: true,
        words: ['agency', 'form'],
        load: async ({ content }) => (await content.page()) ?? { title },
      });
    }
  },
  { name: 'agencies', dependencies: ['content', 'offices'] },
);
