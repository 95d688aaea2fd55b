import { lazy } from 'react';
import type { ConsoleArea } from '../../lib/console-area';

/** Each country's terms version, and requiring the terms again when they change. */
export const termsArea: ConsoleArea = {
  path: 'terms',
  label: 'Terms',
  screen: lazy(() => import('./terms-screen').then((module) => ({ default: module.TermsScreen }))),
};
