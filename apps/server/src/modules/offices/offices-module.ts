import { appPlugin } from '../../app-types.js';
import { officesRoutes } from './offices-routes.js';

export type OfficesModuleOptions = {
  /** Clock, injectable for tests (default Date.now). */
  now?: () => number;
};

/** The offices directory: lookup and the decision-maker requests of registration. */
export const officesModule = appPlugin<OfficesModuleOptions>(
  async (app, options) => {
    await app.register(officesRoutes, { now: options.now ?? Date.now });
  },
  { name: 'offices', dependencies: ['content'] },
);
