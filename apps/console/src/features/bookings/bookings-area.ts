import { lazy } from 'react';
import type { ConsoleArea } from '../../lib/console-area';

/** Bookings: uploads of booking-queue files with their progress, and the import history. */
export const bookingsArea: ConsoleArea = {
  path: 'bookings',
  label: 'Bookings',
  screen: lazy(() => import('./bookings-screen')),
};
