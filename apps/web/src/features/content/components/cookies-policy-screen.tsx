import type { ScreenProps } from '../../../shared/screens';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import './content-page.css';

type Lifetime = 'session' | 'twoDays' | 'oneYear' | 'untilChanged';
type CookieEntry = { name: string; purpose: string; lifetime: Lifetime };

/**
 * What the club itself stores in the browser (spec 1 §3 "Stored client
 * values", spec 1 §9): each purpose is a dictionary word (`cookiesPolicy.purpose.*`),
 * so the legal page reads in the page's language.
 */
const strictlyNecessary: CookieEntry[] = [
  {
    name: 'XSRF-TOKEN',
    purpose:
      'Protects the forms you send against cross-site request forgery: each request from this site carries it back.',
    lifetime: 'session',
  },
  {
    name: 'token',
    purpose: 'Keeps you logged in as a member while you move from page to page.',
    lifetime: 'twoDays',
  },
  {
    name: 'userId',
    purpose: 'Identifies the logged-in member so that your account and points can be shown.',
    lifetime: 'twoDays',
  },
  {
    name: 'cookiesAlertClosed',
    purpose: 'Remembers that you have read this notice, so that it is not shown again.',
    // One answer for every country site, kept for a year (decision 044).
    lifetime: 'oneYear',
  },
];

const functional: CookieEntry[] = [
  {
    name: 'withoutLayout',
    purpose:
      'Remembers that the site is shown without its header and footer when opened from another application.',
    lifetime: 'untilChanged',
  },
  {
    name: 'language',
    purpose: 'Remembers the language you chose, so that the site opens in it on your next visit.',
    lifetime: 'untilChanged',
  },
  {
    name: 'closedAlerts',
    purpose: 'Remembers the service notices you closed, so that they stay closed until you leave.',
    lifetime: 'session',
  },
];

const lifetimes: Record<Lifetime, string> = {
  session: 'Until you close the browser',
  twoDays: '2 days',
  oneYear: '1 year',
  untilChanged: 'Until changed',
};

function CookieList({ entries }: { entries: CookieEntry[] }) {
  const text = useDictionary();
  const lifetimeLabel = text('cookiesPolicy.lifetime', 'Lifetime');
  return (
    <dl>
      {entries.map((entry) => (
        <div key={entry.name}>
          <dt>
            <code dir="ltr">{entry.name}</code>
          </dt>
          <dd>
            {text(`cookiesPolicy.purpose.${entry.name}`, entry.purpose)} {lifetimeLabel}:{' '}
            {text(`cookiesPolicy.lifetime.${entry.lifetime}`, lifetimes[entry.lifetime])}.
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Cookies policy (spec 1 §2): the club's own text with the cookie lists, in
 * the page's language; a page text from the content replaces it.
 */
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
            {text(
              'cookiesPolicy.intro',
              "Cookies are small text files that a website keeps in your browser. This site uses its own cookies and may use cookies of third parties for navigation, statistics and personalisation. Depending on the configuration, the same values may be kept in your browser's local storage instead of cookies.",
            )}
          </p>
          <h2>{text('cookiesPolicy.strictlyNecessary', 'Strictly necessary cookies')}</h2>
          <p>
            {text(
              'cookiesPolicy.strictlyNecessaryText',
              'The site cannot work properly without these cookies.',
            )}
          </p>
          <CookieList entries={strictlyNecessary} />
          <h2>{text('cookiesPolicy.functional', 'Functional cookies')}</h2>
          <CookieList entries={functional} />
          <h2>{text('cookiesPolicy.managing', 'Managing cookies')}</h2>
          <p>
            {text(
              'cookiesPolicy.managingText',
              'You can delete cookies or block them in the settings of your browser. If you block the strictly necessary cookies, you will not be able to log in or to send forms.',
            )}
          </p>
        </div>
      )}
    </section>
  );
}
