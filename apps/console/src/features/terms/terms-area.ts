import type { ConsoleArea } from '../../lib/console-area';
import { lazyScreen } from '../../lib/lazy-screen';

/** Each country's terms version, and requiring the terms again when they change. */
export const termsArea: ConsoleArea = {
  path: 'terms',
  label: 'Terms',
  ...lazyScreen(() => import('./terms-screen').then((module) => ({ default: module.TermsScreen }))),
};
