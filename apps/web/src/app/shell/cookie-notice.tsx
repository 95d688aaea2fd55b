import { useState } from 'react';
import { Link } from 'react-router';
import { readStoredValue, writeStoredValue } from '../../lib/client-storage';
import { useLayout } from '../layout-context';
import { pagePath } from '../paths';
import { dictionaryText } from '../../lib/dictionary';
import { focusMain } from './focus';
import './cookie-notice.css';

/**
 * Cookie notice (spec 1 §2). Hidden with the layout's `menuHidden`; once
 * accepted the stored client value `cookiesAlertClosed` keeps it closed.
 */
export function CookieNotice() {
  const layout = useLayout();
  const [closed, setClosed] = useState(() => Boolean(readStoredValue('cookiesAlertClosed')));
  if (closed || layout.menuHidden) return null;

  const text = (key: string, fallback: string) => dictionaryText(layout.dictionary, key, fallback);
  const accept = () => {
    writeStoredValue('cookiesAlertClosed', '1');
    setClosed(true);
    focusMain();
  };

  return (
    <section
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
        <button type="button" className="button" onClick={accept}>
          {text('cookies.accept', 'Accept')}
        </button>
      </div>
    </section>
  );
}
