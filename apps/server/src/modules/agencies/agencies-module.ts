import { appPlugin } from '../../app-types.js';
import { registerAgencyRoutes } from './agencies-routes.js';

export type AgenciesModuleOptions = {
  /** Clock, injectable for tests (default Date.now). */
  now?: () => number;
};

/** Agency opt-in and opt-out (spec 2 §2.4): the emailed links and the state-change calls. */
export const agenciesModule = appPlugin<AgenciesModuleOptions>(
  (app, options) => {
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
