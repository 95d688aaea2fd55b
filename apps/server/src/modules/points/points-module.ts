import { appPlugin } from '../../app-types.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import { GiftsForPoints } from './gifts-for-points.js';
import { PointsClock } from './points-clock.js';
import { registerPointsPages } from './points-pages.js';
import { bookingQueueRoutes } from './bookings/queue-route.js';
import { pointsRoutes } from './points-routes.js';
import { creditWelcomeBonus } from './welcome-bonus.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pending → OK, expiry and reminders; its job is `pointsClock` of `app.backgroundJobs`. */
    pointsClock: PointsClock;
    /** What the gifts module tells points of gift ordering (points never imports gifts). */
    giftsForPoints: GiftsForPoints;
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
export const pointsModule = appPlugin<PointsModuleOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    app.decorate('giftsForPoints', new GiftsForPoints());
    app.memberActivation.supply({ welcome: creditWelcomeBonus });
    await app.register(pointsRoutes, { now });
    await app.register(bookingQueueRoutes, { now });
    registerPointsPages(app, { now });
    const clock = new PointsClock(app.db, { now });
    app.decorate('pointsClock', clock);
    app.backgroundJobs.add(
      'pointsClock',
      new PeriodicJob({
        intervalMs: app.config.points.jobIntervalMs,
        run: () => clock.runOnce(),
        log: app.log,
        failureMessage: 'points clock failed',
      }),
    );
  },
  { name: 'points', dependencies: ['background-jobs', 'content', 'agents'] },
);
