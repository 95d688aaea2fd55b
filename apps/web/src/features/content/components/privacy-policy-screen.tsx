import { Link } from '../../../shared/navigation/link';
import { useLayout } from '../../../shared/layout-context';
import { pagePath } from '../../../shared/paths';
import type { ScreenProps } from '../../../shared/screens';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import './content-page.css';

/**
 * Privacy policy (spec 2 §2.4): static legal text linking to the FAQ, the
 * terms, registration and the cookies policy; page text overrides it.
 */
export function PrivacyPolicyScreen({ page }: ScreenProps) {
  const layout = useLayout();
  const text = useDictionary();
  const title = page.title.trim() || text('privacy.title', 'Privacy Policy');
  return (
    <section className="container content-page" aria-labelledby="privacy-title">
      <h1 id="privacy-title">{title}</h1>
      {page.text.trim() !== '' ? (
        <RichText html={page.text} className="content-page__body" />
      ) : (
        <div className="content-page__body">
          <p>
            This policy explains which personal data the club keeps about its members and why. The
            club is a programme for professional travel agents; it is not aimed at persons under 18.
          </p>
          <h2>Data we keep</h2>
          <ul>
            <li>
              The details you give at{' '}
              <Link to={pagePath(layout, 'registration')}>registration</Link>: name, title, email
              address, phone, office ID and agency, and optionally your birthday.
            </li>
            <li>The bookings that earn you points, and the gifts you order.</li>
          </ul>
          <h2>Why we keep it</h2>
          <p>
            To run your membership: to credit points for your bookings, to deliver the gifts you
            order and to tell you about the programme when you have agreed to receive news. The
            rules of the programme are in the{' '}
            <Link to={pagePath(layout, 'terms-and-conditions')}>terms and conditions</Link> and the{' '}
            <Link to={pagePath(layout, 'faq')}>frequently asked questions</Link>.
          </p>
          <h2>Your rights</h2>
          <p>
            You can see and correct your details in your profile at any time, and you can ask for
            your account to be deleted. After a deletion request your data is kept for a limited
            time, during which the account can still be restored; then it is removed.
          </p>
          <h2>Cookies</h2>
          <p>
            How the site uses cookies is described in the{' '}
            <Link to={pagePath(layout, 'cookies-policy')}>cookies policy</Link>.
          </p>
        </div>
      )}
    </section>
  );
}
