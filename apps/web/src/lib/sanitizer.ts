import type { createSanitizer } from './sanitize-html';
import { afterThisTask } from './after-this-task';
import { preloadedModule } from './preloaded-module';

/**
 * DOMPurify stays out of the initial bundle: the page loader fetches it in
 * parallel with the layout and the page, so it is there before any server
 * HTML is shown.
 */
export type Sanitize = ReturnType<typeof createSanitizer>;

const sanitizer = preloadedModule<Sanitize>(() =>
  import('./sanitize-html').then(async (module) => {
    // DOMPurify's set-up in a task of its own, after the chunk's evaluation.
    await afterThisTask();
    return module.createSanitizer();
  }),
);

export const loadSanitizer = sanitizer.load;

/** The sanitiser if it is loaded already. */
export const loadedSanitizer = sanitizer.current;
