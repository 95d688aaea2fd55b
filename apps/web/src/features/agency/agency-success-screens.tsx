import { Link } from '../../shared/navigation/link';
import { useLayout } from '../../shared/layout-context';
import type { PageScreen } from '../../shared/screens';
import { pagePath } from '../../shared/paths';
import { dictionaryText } from '../../lib/dictionary';
import { RichText } from '../../shared/rich-text';
import { useDictionary } from '../../shared/use-dictionary';
import { useText } from '../../shared/content-api/get-text';
import { ScreenFrame } from '../../shared/forms/screen-frame';
import './agency.css';

const optInTitle = ['agency.successOptInTitle', 'Your agency has joined the club'] as const;
const optOutTitle = ['agency.successOptOutTitle', 'Your agency has left the club'] as const;

function HomeLink() {
  const text = useDictionary();
  return (
    <p>
      <Link to={pagePath(useLayout(), 'home')}>{text('agency.home', 'Go to the home page')}</Link>
    </p>
  );
}

/**
 * After opt-in (spec 2 §2.4): built locally, it shows the server text
 * `agencySuccessfullyOptIn`, or a default thank-you when that text fails.
 */
export const AgencySuccessfullyOptInScreen: PageScreen = ({ page }) => {
  const layout = useLayout();
  const text = useDictionary();
  const html = useText('agencySuccessfullyOptIn', {
    countryCode: layout.countryCode,
    languageCode: layout.languageCode,
  });
  return (
    <ScreenFrame id="agency-success-title" title={page.title || text(...optInTitle)}>
      <div className="alert alert--success agency__text" role="status">
        {html !== null ? (
          <RichText html={html} className="alert__text" />
        ) : (
          <p className="alert__text">
            {text(
              'agency.successOptInDefault',
              'Thank you! Your agency now takes part in the club: its agents can register and start earning points.',
            )}
          </p>
        )}
      </div>
      <HomeLink />
    </ScreenFrame>
  );
};
AgencySuccessfullyOptInScreen.pageTitle = (dictionary) => dictionaryText(dictionary, ...optInTitle);

/** After opt-out: a short confirmation, built locally. */
export const AgencySuccessfullyOptOutScreen: PageScreen = ({ page }) => {
  const text = useDictionary();
  return (
    <ScreenFrame id="agency-success-title" title={page.title || text(...optOutTitle)}>
      <p className="alert alert--success agency__text" role="status">
        {text(
          'agency.successOptOutText',
          'Your agency no longer takes part in the club. Thank you for letting us know.',
        )}
      </p>
      <HomeLink />
    </ScreenFrame>
  );
};
AgencySuccessfullyOptOutScreen.pageTitle = (dictionary) =>
  dictionaryText(dictionary, ...optOutTitle);
