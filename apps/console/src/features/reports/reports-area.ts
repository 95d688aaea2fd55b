import { lazy } from 'react';
import type { ConsoleArea } from '../../lib/console-area';

/** Reports as charts (every role; the server keeps each to the staff member's countries). */
export const reportsArea: ConsoleArea = {
  path: 'reports',
  label: 'Reports',
  screen: lazy(() => import('./reports-screen')),
};
