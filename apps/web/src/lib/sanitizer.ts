import type { sanitizeRichText } from './sanitize-html';

/**
 * DOMPurify stays out of the initial bundle: the page loader fetches it in
 * parallel with the layout and the page, so it is there before any server
 * HTML is shown.
 */
export type Sanitize = typeof sanitizeRichText;

let loaded: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;

export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('./sanitize-html').then((module) => (loaded = module.sanitizeRichText));
  // A failed chunk load may be retried by the next caller.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** The sanitiser if it is loaded already. */
export function loadedSanitizer(): Sanitize | undefined {
  return loaded;
}
