/**
 * Who carries which dictionary words (decision 022). The layout answer is
 * fetched for every page view, so it carries only the words of the page shell
 * and of the screens built without a page call (login, 403, 404); every other
 * screen gets its words with its page answer (`PageDefinition.words`).
 *
 * A scope is a key (`form.password`) or a key prefix (`menu` for `menu.*`).
 */
export const layoutWords: readonly string[] = [
  'productName',
  'menu',
  'footer',
  'cookies',
  'banner',
  'language',
  'alert',
  'scrollTop',
  'skipToContent',
  'loading',
  'error',
  // Calendar names (spec 1 §2 "from the layout dictionary").
  'day',
  'month',
  // Dialogs of the member session.
  'directAccess',
  'termsDialog',
  // The login page and the agency success pages are built locally (spec 2 §7).
  'login',
  // The spec's validation messages (message-catalogue.ts): login shows them, and every form screen.
  'validation',
  'agency.home',
  'agency.successOptInDefault',
  'agency.successOptInTitle',
  'agency.successOptOutText',
  'agency.successOptOutTitle',
  'form.memberNumber',
  'form.password',
  'form.showPassword',
];

/**
 * Words the server reads itself, to word the messages of its answers in the
 * request's language (request-words.ts): the answers of registration, login,
 * the profile and the office lookup, and of the emailed-link pages.
 */
export const serverWords: readonly string[] = ['member.message', 'account.message'];

/** The entries of `dictionary` whose key is one of `scopes` or starts with a scope and a dot. */
export function pickWords(
  dictionary: Readonly<Record<string, string>>,
  scopes: readonly string[],
): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [key, value] of Object.entries(dictionary)) {
    if (scopes.some((scope) => key === scope || key.startsWith(`${scope}.`))) picked[key] = value;
  }
  return picked;
}
