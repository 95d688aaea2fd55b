import { memo, useEffect, useRef, useState } from 'react';
import { Link } from '../../shared/navigation/link';
import { cookieChoice, rememberCookieChoice, type CookieChoice } from '../../lib/cookie-choice';
import { useLayout } from '../../shared/layout-context';
import { pagePath } from '../../shared/paths';
import { dictionaryText } from '../../lib/dictionary';
import { focusMain } from '../../lib/focus';
import './cookie-notice.css';

/** Custom property on `<html>` with the notice's height while it is shown (see cookie-notice.css). */
export const cookieNoticeSizeProperty = '--cookie-notice-size';

/**
 * Cookie notice (spec 1 §2). Hidden with the layout's `menuHidden`. Refusing
 * is offered as plainly as accepting (the same button, issue 17); either
 * answer is remembered in the stored client value `cookiesAlertClosed`
 * (lib/cookie-choice.ts) and keeps the notice closed.
 * It is fixed at the bottom of the window; its height, kept on `<html>`,
 * lets focused elements and the end of the page scroll clear of it.
 */
export const CookieNotice = memo(function CookieNotice() {
  const layout = useLayout();
  const [closed, setClosed] = useState(() => cookieChoice() !== null);
  const noticeRef = useRef<HTMLElement>(null);
  const shown = !closed && !layout.menuHidden;

  useEffect(() => {
    const notice = noticeRef.current;
    if (!shown || notice === null) return;
    const root = document.documentElement;
    const keepSize = (height: number) =>
      root.style.setProperty(cookieNoticeSizeProperty, `${Math.ceil(height)}px`);
    if (typeof ResizeObserver !== 'function') {
      keepSize(notice.offsetHeight);
      return () => root.style.removeProperty(cookieNoticeSizeProperty);
    }
    // The observer reports the height after the browser's own layout, first
    // when observing starts and then whenever the text wraps differently:
    // reading offsetHeight here would force a layout inside the page's commit.
    const observer = new ResizeObserver((entries) => {
      const size = entries[entries.length - 1]?.borderBoxSize?.[0];
      keepSize(size ? size.blockSize : notice.offsetHeight);
    });
    observer.observe(notice, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.style.removeProperty(cookieNoticeSizeProperty);
    };
  }, [shown]);

  if (!shown) return null;

  const text = (key: string, fallback: string) => dictionaryText(layout.dictionary, key, fallback);
  const answer = (choice: CookieChoice) => {
    rememberCookieChoice(choice);
    setClosed(true);
    focusMain();
  };

  return (
    <section
      ref={noticeRef}
      className="cookie-notice"
      role="region"
      aria-label={text('cookies.label', 'Cookie notice')}
    >
      <div className="container cookie-notice__inner">
        <p className="cookie-notice__text">
          {text(
            'cookies.text',
            'This site uses its own and third-party cookies for navigation, statistics and personalisation.',
          )}{' '}
          <Link to={pagePath(layout, 'cookies-policy')}>
            {text('cookies.link', 'Cookies Policy')}
          </Link>
        </p>
        <div className="cookie-notice__answers">
          <button type="button" className="button" onClick={() => answer('refused')}>
            {text('cookies.refuse', 'Refuse')}
          </button>
          <button type="button" className="button" onClick={() => answer('accepted')}>
            {text('cookies.accept', 'Accept')}
          </button>
        </div>
      </div>
    </section>
  );
});
