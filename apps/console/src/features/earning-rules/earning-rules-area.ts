import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** Earning rules: every role reads and simulates; admins and managers publish and end rules. */
export const earningRulesArea: ConsoleArea = {
  path: 'earning-rules',
  label: 'Earning rules',
  ...lazyScreen(() => import('./earning-rules-screen')),
};
