import { lazy } from 'react';
import type { ConsoleArea } from '../../lib/console-area';

/** Offices and agencies: search, an office's page with its state history, links, directory uploads. */
export const officesArea: ConsoleArea = {
  path: 'offices',
  label: 'Offices',
  screen: lazy(() => import('./offices-screen')),
};
