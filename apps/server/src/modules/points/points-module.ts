import type { App } from '../../app.js';
import { PointsClock } from './points-clock.js';
import { registerPointsPages } from './points-pages.js';
import { bookingQueueRoutes } from './bookings/queue-route.js';
import { pointsRoutes } from './points-routes.js';
import { segmentPointsRule } from './segment-points.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pending → OK, expiry and reminders; started with the background jobs. */
    pointsClock: PointsClock;
    /**
     * Whether the voucher order partner is off (status report `edenredIsOff`):
     * ORDER_PARTNER_OFF until the gifts module sets `isOff` from the provider.
     */
    orderPartner: { isOff: () => boolean };
  }
}

export type PointsModuleOptions = {
  /** Clock, injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * Points: the booking queue in, the ledger, the status report, the points
 * pages and the points clock (pending → OK, expiry, reminders).
 */
export async function setupPoints(app: App, options: PointsModuleOptions = {}): Promise<void> {
  const now = options.now ?? Date.now;
  app.decorate('orderPartner', { isOff: () => app.config.points.orderPartnerOff });
  await app.register(pointsRoutes, { now });
  await app.register(bookingQueueRoutes, { now });
  const segmentPoints = segmentPointsRule(app.config);
  registerPointsPages(app, { now, segmentPoints });
  const clock = new PointsClock(app.db, {
    now,
    segmentPoints,
    intervalMs: app.config.points.jobIntervalMs,
    log: app.log,
  });
  app.decorate('pointsClock', clock);
  app.addHook('onClose', () => clock.stop());
}
