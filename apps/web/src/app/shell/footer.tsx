import { memo, useEffect, useState } from 'react';
import { Link } from '../../shared/navigation/link';
import { useLayout } from '../../shared/layout-context';
import { pagePath } from '../../shared/paths';
import { dictionaryText } from '../../lib/dictionary';
import { privacyPolicyLink } from './privacy-policy-link';
import './footer.css';

/** Spec 1 §2: page height more than twice the window height, width 991 px or less. */
export function footerIsTall(): boolean {
  return document.documentElement.scrollHeight > 2 * window.innerHeight && window.innerWidth <= 991;
}

/**
 * Footer (spec 1 §2): copyright line and, when the menu shows and a layout
 * exists, the privacy-policy (new tab, where content says) and cookies-policy
 * links. It gets a taller class on long pages of narrow windows, re-checked on resize, on page
 * change and whenever the body changes size.
 */
export const Footer = memo(function Footer({ pageName }: { pageName: string }) {
  const layout = useLayout();
  const [tall, setTall] = useState(false);
  const text = (key: string, fallback: string) => dictionaryText(layout.dictionary, key, fallback);

  useEffect(() => {
    const check = () => setTall(footerIsTall());
    window.addEventListener('resize', check);
    // The observer reports once the page is laid out, and on every change of
    // its height: read then, the check never forces a layout of its own.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(check) : null;
    if (observer) observer.observe(document.body);
    else check();
    return () => {
      window.removeEventListener('resize', check);
      observer?.disconnect();
    };
  }, [pageName]);

  const productName = text('productName', 'Amadeus+Me');
  const copyright = text('footer.copyright', `© ${new Date().getFullYear()} ${productName}`);
  const showLinks = !layout.menuHidden && layout.countryCode !== '';
  // Content may send the link to another site (spec 1 §2 calls it external).
  const privacy = privacyPolicyLink(layout);
  const privacyLabel = (
    <>
      {text('footer.privacy', 'Privacy Policy')}
      <span className="visually-hidden"> ({text('footer.newTab', 'opens in a new tab')})</span>
    </>
  );

  return (
    <footer className={tall ? 'site-footer site-footer--tall' : 'site-footer'}>
      <div className="container site-footer__inner">
        <p className="site-footer__copyright">{copyright}</p>
        {showLinks ? (
          <nav aria-label={text('footer.label', 'Legal')}>
            <ul className="site-footer__links">
              <li>
                {privacy.inApp ? (
                  <Link to={privacy.href} target="_blank" rel="noopener">
                    {privacyLabel}
                  </Link>
                ) : (
                  <a href={privacy.href} target="_blank" rel="noopener">
                    {privacyLabel}
                  </a>
                )}
              </li>
              <li>
                <Link to={pagePath(layout, 'cookies-policy')}>
                  {text('footer.cookies', 'Cookies Policy')}
                </Link>
              </li>
            </ul>
          </nav>
        ) : null}
      </div>
    </footer>
  );
});
