import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** Offices and agencies: search, an office's page with its state history, links, directory uploads. */
export const officesArea: ConsoleArea = {
  path: 'offices',
  label: 'Offices',
  ...lazyScreen(() => import('./offices-screen')),
};
