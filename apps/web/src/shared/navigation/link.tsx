import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useNavigate } from './navigator-router';
import { createPath, type To } from './path';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

const withScheme = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * The address a click on `href` may open in the app itself, or undefined when
 * the browser must follow it: another origin, another window or tab (a
 * modifier key, a middle click, a target), or a click a handler took.
 */
function inAppAddress(event: MouseEvent<HTMLAnchorElement>, href: string): string | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return undefined;
  const target = event.currentTarget.getAttribute('target');
  if (target && target !== '_self') return undefined;
  if (event.currentTarget.hasAttribute('download')) return undefined;
  if (!withScheme.test(href)) return href;
  const url = new URL(href, window.location.href);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : undefined;
}

/**
 * A link to a page of the club: a real `<a href>` (open in a new tab, copy the
 * address), and a click the app handles goes through the page navigator, so
 * the page is loaded before it is shown.
 */
export function Link({ to, replace, onClick, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  const href = typeof to === 'string' ? to : createPath(to);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const address = inAppAddress(event, href);
    if (address === undefined) return;
    event.preventDefault();
    void navigate(address, { replace });
  };
  return <a {...anchor} href={href} onClick={follow} />;
}
