import type { sanitizeRichText } from './sanitize-html';
import { preloadedModule } from './preloaded-module';

/**
 * DOMPurify stays out of the initial bundle: the page loader fetches it in
 * parallel with the layout and the page, so it is there before any server
 * HTML is shown.
 */
export type Sanitize = typeof sanitizeRichText;

const sanitizer = preloadedModule<Sanitize>(() =>
  import('./sanitize-html').then((module) => module.sanitizeRichText),
);

export const loadSanitizer = sanitizer.load;

/** The sanitiser if it is loaded already. */
export const loadedSanitizer = sanitizer.current;
