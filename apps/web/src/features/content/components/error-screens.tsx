import { Link } from '../../../shared/navigation/link';
import { useLayout } from '../../../shared/layout-context';
import { pagePath } from '../../../shared/paths';
import type { PageTitle, ScreenProps } from '../../../shared/screens';
import { dictionaryText } from '../../../lib/dictionary';
import { errorScreenTexts, type ErrorPageName } from './error-texts';
import './content-page.css';

function ErrorScreen({ pageName }: { pageName: ErrorPageName }) {
  const layout = useLayout();
  const { heading, message } = errorScreenTexts(pageName, layout.dictionary);
  return (
    <section className="container content-page" aria-labelledby="error-title">
      <h1 id="error-title">{heading}</h1>
      <p>{message}</p>
      <p>
        <Link to={pagePath(layout, 'home')}>
          {dictionaryText(layout.dictionary, 'error.home', 'Go to the home page')}
        </Link>
      </p>
    </section>
  );
}

/** The page title of an error screen (built locally): its message. */
const messageOf =
  (pageName: ErrorPageName): PageTitle =>
  (dictionary) =>
    errorScreenTexts(pageName, dictionary).message;

/** 403 (spec 1 §2 "Error pages"): "Access denied", "No access to this page". */
export function AccessDeniedScreen(_props: ScreenProps) {
  return <ErrorScreen pageName="403" />;
}
AccessDeniedScreen.pageTitle = messageOf('403');

/** 404: "This page is not available", "Page not found". */
export function NotFoundScreen(_props: ScreenProps) {
  return <ErrorScreen pageName="404" />;
}
NotFoundScreen.pageTitle = messageOf('404');
