import { Link } from '../../../shared/navigation/link';
import { pagePath } from '../../../shared/paths';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenProps } from '../../../shared/screens';
import { productName } from '../../../lib/dictionary';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import './content-page.css';
import './guest-home.css';

function Arrow() {
  return (
    <svg className="guest-home__arrow" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M4 10h11m-4-4 4 4-4 4" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * Guest home (spec 1 §2): welcome, what the club does, and the ways in.
 * Custom page text replaces the default description.
 */
export function GuestHome({ page }: ScreenProps) {
  const layout = useLayout();
  const text = useDictionary();
  const welcome = text('home.welcome', `Welcome to ${productName(layout.dictionary)}`);
  return (
    <section className="container guest-home" aria-labelledby="guest-home-title">
      <h1 id="guest-home-title">{welcome}</h1>
      {page.text.trim() !== '' ? (
        <RichText html={page.text} className="guest-home__intro" />
      ) : (
        <p className="guest-home__intro">
          {text(
            'home.description',
            'Every reservation you make — air, hotel or car — earns points that you can redeem for gifts from our catalogue.',
          )}
        </p>
      )}
      <div className="guest-home__actions">
        <Link className="button" to={pagePath(layout, 'registration')}>
          {text('home.register', 'Register as a new user')}
          <Arrow />
        </Link>
        <Link className="button button--secondary" to={pagePath(layout, 'login')}>
          {text('home.login', 'Login')}
          <Arrow />
        </Link>
      </div>
    </section>
  );
}
