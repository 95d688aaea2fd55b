import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** Reports as charts (every role; the server keeps each to the staff member's countries). */
export const reportsArea: ConsoleArea = {
  path: 'reports',
  label: 'Reports',
  ...lazyScreen(() => import('./reports-screen')),
};
