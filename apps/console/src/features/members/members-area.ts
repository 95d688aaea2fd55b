import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** Members: search, the single member view and point adjustments (every role). */
export const membersArea: ConsoleArea = {
  path: 'members',
  label: 'Members',
  ...lazyScreen(() => import('./members-screen')),
};
