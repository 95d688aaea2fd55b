import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** Missing-points claims: every role reads the queue and decides (support within its limit). */
export const claimsArea: ConsoleArea = {
  path: 'claims',
  label: 'Claims',
  ...lazyScreen(() => import('./claims-screen')),
};
