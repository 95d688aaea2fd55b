import { appPlugin } from '../../app-types.js';
import { officesRoutes } from './offices-routes.js';
import { OptInLinksPort } from './opt-in-links.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The decision maker's opt-in link of an enrol request; the agencies module supplies it. */
    officeOptInLinks: OptInLinksPort;
  }
}

export type OfficesModuleOptions = {
  /** Clock, injectable for tests (default Date.now). */
  now?: () => number;
};

/** The offices directory: lookup and the decision-maker requests of registration. */
export const officesModule = appPlugin<OfficesModuleOptions>(
  async (app, options) => {
    app.decorate('officeOptInLinks', new OptInLinksPort());
    await app.register(officesRoutes, { now: options.now ?? Date.now });
  },
  { name: 'offices', dependencies: ['content'] },
);
