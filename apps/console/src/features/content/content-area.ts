import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** Content: every role reads its countries' content; admins and managers publish changes. */
export const contentArea: ConsoleArea = {
  path: 'content',
  label: 'Content',
  ...lazyScreen(() => import('./content-screen')),
};
