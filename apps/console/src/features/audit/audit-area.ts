import { lazy } from 'react';
import type { ConsoleArea } from '../../lib/console-area';

/** The audit log: who changed what, when, why; every role (scoped to its countries by the server). */
export const auditArea: ConsoleArea = {
  path: 'audit',
  label: 'Audit log',
  screen: lazy(() => import('./audit-screen')),
};
