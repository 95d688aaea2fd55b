import { useEffect, useRef } from 'react';

/** Spec 2 §2.2: "A 500 ms delay applies to the page-change adjustment (scroll positioning)." */
export const pageChangeAdjustmentDelayMs = 500;

/**
 * Scroll positioning when the page changes: a new page starts at the top at
 * once (so it never shows at the old offset); after 500 ms, once banner and
 * content have settled, a `#fragment` target is scrolled into view.
 */
export function usePageChangeAdjustment(pageKey: string, hash: string): void {
  const firstPage = useRef(true);
  useEffect(() => {
    if (!firstPage.current && hash === '') window.scrollTo({ top: 0, left: 0 });
    firstPage.current = false;
    if (hash === '') return;
    const timer = window.setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    }, pageChangeAdjustmentDelayMs);
    return () => window.clearTimeout(timer);
  }, [pageKey, hash]);
}
