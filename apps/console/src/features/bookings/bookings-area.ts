import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** Bookings: uploads of booking-queue files with their progress, and the import history. */
export const bookingsArea: ConsoleArea = {
  path: 'bookings',
  label: 'Bookings',
  ...lazyScreen(() => import('./bookings-screen')),
};
