import { lazy } from 'react';
import type { ConsoleArea } from '../../lib/console-area';

/** Members: search, the single member view and point adjustments (every role). */
export const membersArea: ConsoleArea = {
  path: 'members',
  label: 'Members',
  screen: lazy(() => import('./members-screen')),
};
