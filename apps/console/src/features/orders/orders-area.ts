import { lazy } from 'react';
import type { ConsoleArea } from '../../lib/console-area';

/** The order queue: every role reads it; managers and admins fulfil, refund and retry. */
export const ordersArea: ConsoleArea = {
  path: 'orders',
  label: 'Orders',
  screen: lazy(() => import('./orders-screen')),
};
