import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** Gifts: every role reads the catalogue; managers and admins edit it. */
export const giftsArea: ConsoleArea = {
  path: 'gifts',
  label: 'Gifts',
  ...lazyScreen(() => import('./gifts-screen')),
};
