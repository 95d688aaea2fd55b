import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** The audit log: who changed what, when, why; every role (scoped to its countries by the server). */
export const auditArea: ConsoleArea = {
  path: 'audit',
  label: 'Audit log',
  ...lazyScreen(() => import('./audit-screen')),
};
