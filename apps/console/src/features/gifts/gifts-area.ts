import { lazy } from 'react';
import type { ConsoleArea } from '../../lib/console-area';

/** Gifts: every role reads the catalogue; managers and admins edit it. */
export const giftsArea: ConsoleArea = {
  path: 'gifts',
  label: 'Gifts',
  screen: lazy(() => import('./gifts-screen')),
};
