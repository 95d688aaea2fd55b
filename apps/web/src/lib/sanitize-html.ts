import createDOMPurify from 'dompurify';
import { appLinkAttribute } from './app-link';
import { rewriteLink, type LinkContext } from './rich-text-links';

/**
 * The sanitiser: DOMPurify set up once, with the link rules. Set up on call,
 * not on import, so that the page loader can give the set-up a task of its
 * own after the module's evaluation (two short tasks instead of one long).
 */
export function createSanitizer(): (html: string, context: LinkContext) => string {
  // An instance of our own, so that the link hook never touches other callers.
  const purifier = createDOMPurify(window);
  // Set once: a configuration passed to every sanitize() call is parsed again
  // each time (sets of every allowed tag and attribute rebuilt), which was the
  // largest share of the sanitiser's time on a page with many texts.
  purifier.setConfig({
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });

  /** The context of the sanitize call in progress (sanitize runs synchronously). */
  let linkContext: LinkContext | null = null;

  purifier.addHook('afterSanitizeAttributes', (anchor) => {
    if (linkContext === null || anchor.nodeName !== 'A') return;
    const href = anchor.getAttribute('href');
    if (href === null) return;
    const link = rewriteLink(href, linkContext);
    anchor.setAttribute('href', link.href);
    if (link.inApp) anchor.setAttribute(appLinkAttribute, '');
    else anchor.removeAttribute(appLinkAttribute);
    if (link.external || anchor.getAttribute('target') === '_blank')
      anchor.setAttribute('rel', 'noopener noreferrer');
  });

  /**
   * Server HTML made safe for the DOM: DOMPurify removes scripts, event
   * handlers and `javascript:` URLs, and every link is rewritten by the rules
   * of spec 1 §2 in the same pass (no second parse of the sanitised markup).
   */
  return (html, context) => {
    linkContext = context;
    try {
      return purifier.sanitize(html);
    } finally {
      linkContext = null;
    }
  };
}
