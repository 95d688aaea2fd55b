import { lazy } from 'react';
import type { ConsoleArea } from '../../lib/console-area';

/** Admins add, change, disable and reset staff accounts. */
export const staffAccountsArea: ConsoleArea = {
  path: 'staff',
  label: 'Staff',
  roles: ['admin'],
  screen: lazy(() => import('./staff-accounts-screen')),
};
