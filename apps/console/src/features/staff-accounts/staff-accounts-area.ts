import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** Admins add, change, disable and reset staff accounts. */
export const staffAccountsArea: ConsoleArea = {
  path: 'staff',
  label: 'Staff',
  roles: ['admin'],
  ...lazyScreen(() => import('./staff-accounts-screen')),
};
