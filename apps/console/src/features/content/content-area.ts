import { lazy } from 'react';
import type { ConsoleArea } from '../../lib/console-area';

/** Content: every role reads its countries' content; admins and managers publish changes. */
export const contentArea: ConsoleArea = {
  path: 'content',
  label: 'Content',
  screen: lazy(() => import('./content-screen')),
};
