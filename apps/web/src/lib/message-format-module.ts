import { preloadedModule } from './preloaded-module';

/**
 * The ICU MessageFormat formatter (`@club/contract/message-format`), kept out
 * of the first script: loading it installs it as the formatter of counted
 * wordings ("1 point", "2 points"). Screens that show counts load it in
 * their prefetch, so they paint once, worded; anything else loads it on the
 * first counted wording it meets.
 */
export const messageFormat = preloadedModule(() => import('@club/contract/message-format'));
