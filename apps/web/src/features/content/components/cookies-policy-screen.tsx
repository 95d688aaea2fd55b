import type { ScreenProps } from '../../../shared/screens';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import './content-page.css';

type CookieEntry = { name: string; purpose: string; lifetime: string };

/** What the club itself stores in the browser (spec 1 §3 "Stored client values", spec 1 §9). */
const strictlyNecessary: CookieEntry[] = [
  {
    name: 'XSRF-TOKEN',
    purpose:
      'Protects the forms you send against cross-site request forgery: each request from this site carries it back.',
    lifetime: 'Session',
  },
  {
    name: 'token',
    purpose: 'Keeps you logged in as a member while you move from page to page.',
    lifetime: '2 days',
  },
  {
    name: 'userId',
    purpose: 'Identifies the logged-in member so that your account and points can be shown.',
    lifetime: '2 days',
  },
  {
    name: 'cookiesAlertClosed',
    purpose: 'Remembers that you have read this notice, so that it is not shown again.',
    lifetime: '2 days',
  },
];

const functional: CookieEntry[] = [
  {
    name: 'withoutLayout',
    purpose:
      'Remembers that the site is shown without its header and footer when opened from another application.',
    lifetime: 'Until changed',
  },
];

function CookieList({ entries, lifetimeLabel }: { entries: CookieEntry[]; lifetimeLabel: string }) {
  return (
    <dl>
      {entries.map((entry) => (
        <div key={entry.name}>
          <dt>
            <code>{entry.name}</code>
          </dt>
          <dd>
            {entry.purpose} {lifetimeLabel}: {entry.lifetime}.
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Cookies policy (spec 1 §2): static text with the cookie lists; page text overrides it. */
export function CookiesPolicyScreen({ page }: ScreenProps) {
  const text = useDictionary();
  const title = page.title.trim() || text('cookies.title', 'Cookies Policy');
  return (
    <section className="container content-page" aria-labelledby="cookies-title">
      <h1 id="cookies-title">{title}</h1>
      {page.text.trim() !== '' ? (
        <RichText html={page.text} className="content-page__body" />
      ) : (
        <div className="content-page__body">
          <p>
            Cookies are small text files that a website keeps in your browser. This site uses its
            own cookies and may use cookies of third parties for navigation, statistics and
            personalisation. Depending on the configuration, the same values may be kept in your
            browser&apos;s local storage instead of cookies.
          </p>
          <h2>Strictly necessary cookies</h2>
          <p>The site cannot work properly without these cookies.</p>
          <CookieList entries={strictlyNecessary} lifetimeLabel="Lifetime" />
          <h2>Functional cookies</h2>
          <CookieList entries={functional} lifetimeLabel="Lifetime" />
          <h2>Managing cookies</h2>
          <p>
            You can delete cookies or block them in the settings of your browser. If you block the
            strictly necessary cookies, you will not be able to log in or to send forms.
          </p>
        </div>
      )}
    </section>
  );
}
