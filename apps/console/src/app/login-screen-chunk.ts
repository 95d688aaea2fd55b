import { lazyScreen } from '../lib/lazy-screen';

/**
 * The login screen in its own chunk: its form library and the contract's
 * schemas are not in the console's first script, which every page loads.
 */
export const loginScreen = lazyScreen<{ ended: boolean }>(() =>
  import('./login-screen').then((module) => ({ default: module.LoginScreen })),
);
