import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useNavigate } from './navigation/navigator-router';
import { useLayout } from './layout-context';
import { appConfig } from '../lib/app-config';
import { appLinkAttribute } from '../lib/app-link';
import { loadedSanitizer, loadSanitizer, type Sanitize } from '../lib/sanitizer';

export type RichTextProps = { html: string; className?: string; as?: 'div' | 'span' };

/** The sanitiser, loading it first when needed (then nothing is shown until it is there). */
function useSanitizer(): Sanitize | undefined {
  const [sanitize, setSanitize] = useState<Sanitize | undefined>(loadedSanitizer);
  useEffect(() => {
    if (sanitize) return;
    let current = true;
    loadSanitizer().then(
      (loaded) => current && setSanitize(() => loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [sanitize]);
  return sanitize;
}

/**
 * Server HTML (content blocks, FAQ items, header alerts), sanitised, with its
 * links rewritten for the current country and language; clicks on in-app
 * links navigate with the router instead of reloading the page.
 */
export function RichText({ html, className, as: Tag = 'div' }: RichTextProps) {
  const { countryRoute, languageRoute, routePrefix } = useLayout();
  const navigate = useNavigate();
  const sanitize = useSanitizer();
  const safeHtml = useMemo(
    () =>
      sanitize
        ? sanitize(html, {
            countryRoute,
            languageRoute,
            routePrefix,
            rootDomain: appConfig().rootDomain,
          })
        : '',
    [sanitize, html, countryRoute, languageRoute, routePrefix],
  );

  function onClick(event: MouseEvent<HTMLElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    // Modifier clicks open tabs or windows: the browser's job.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target;
    if (!(target instanceof Element)) return;
    const anchor = target.closest(`a[${appLinkAttribute}][href]`);
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
    const opensElsewhere = anchor.target !== '' && anchor.target !== '_self';
    if (opensElsewhere || anchor.hasAttribute('download')) return;
    event.preventDefault();
    void navigate(anchor.getAttribute('href') ?? '/');
  }

  return (
    <Tag className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: safeHtml }} />
  );
}
