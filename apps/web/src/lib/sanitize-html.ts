import DOMPurify from 'dompurify';
import { rewriteLink, type LinkContext } from './rich-text-links';

/** Marks a link that the rich-text component navigates to inside the app. */
export const appLinkAttribute = 'data-app-link';

/**
 * Server HTML made safe for the DOM: DOMPurify removes scripts, event handlers
 * and `javascript:` URLs; every link is then rewritten by the rules of spec 1 §2.
 */
export function sanitizeRichText(html: string, context: LinkContext): string {
  const fragment = DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
  for (const anchor of fragment.querySelectorAll('a[href]')) {
    const link = rewriteLink(anchor.getAttribute('href') ?? '', context);
    anchor.setAttribute('href', link.href);
    if (link.inApp) anchor.setAttribute(appLinkAttribute, '');
    else anchor.removeAttribute(appLinkAttribute);
    if (link.external || anchor.getAttribute('target') === '_blank')
      anchor.setAttribute('rel', 'noopener noreferrer');
  }
  const container = document.createElement('div');
  container.appendChild(fragment);
  return container.innerHTML;
}
