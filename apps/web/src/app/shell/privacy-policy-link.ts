import type { ClientLayout } from '@club/contract/client-layout';
import { appConfig } from '../../lib/app-config';
import { rewriteLink } from '../../lib/rich-text-links';
import { pagePath } from '../../shared/paths';

/** Where the footer's privacy-policy link goes, and whether it is a page of the app. */
export type PrivacyPolicyLink = { href: string; inApp: boolean };

/**
 * The layout's `privacyPolicyUrl` when content sets one: another site's
 * address stays as it is, a path of the club gets the current country and
 * language. Without one: the club's own privacy-policy page.
 */
export function privacyPolicyLink(layout: ClientLayout): PrivacyPolicyLink {
  const url = layout.privacyPolicyUrl?.trim() ?? '';
  if (url === '') return { href: pagePath(layout, 'privacy-policy'), inApp: true };
  const { href, inApp } = rewriteLink(url, { ...layout, rootDomain: appConfig().rootDomain });
  return { href, inApp };
}
