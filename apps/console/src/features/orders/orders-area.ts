import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** The order queue: every role reads it; managers and admins fulfil, refund and retry. */
export const ordersArea: ConsoleArea = {
  path: 'orders',
  label: 'Orders',
  ...lazyScreen(() => import('./orders-screen')),
};
