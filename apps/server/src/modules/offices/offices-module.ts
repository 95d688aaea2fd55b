import type { FastifyPluginAsync } from 'fastify';
import { officesRoutes } from './offices-routes.js';

export type OfficesModuleOptions = {
  /** Clock, injectable for tests (default Date.now). */
  now?: () => number;
};

/** The offices directory: lookup and the decision-maker requests of registration. */
export const officesModule: FastifyPluginAsync<OfficesModuleOptions> = async (app, options) => {
  await app.register(officesRoutes, { now: options.now ?? Date.now });
};
