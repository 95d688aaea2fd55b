import type { ScreenProps } from '../../../shared/screens';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import './content-page.css';

type TextPageProps = ScreenProps & {
  id: string;
  fallbackTitle: [key: string, text: string];
  emptyText: [key: string, text: string];
};

/** A server text page: its title and its HTML text. */
function TextPage({ page, id, fallbackTitle, emptyText }: TextPageProps) {
  const text = useDictionary();
  return (
    <section className="container content-page" aria-labelledby={id}>
      <h1 id={id}>{page.title.trim() || text(...fallbackTitle)}</h1>
      {page.text.trim() !== '' ? (
        <RichText html={page.text} className="content-page__body" />
      ) : (
        <p className="content-page__body">{text(...emptyText)}</p>
      )}
    </section>
  );
}

export function TermsScreen({ page }: ScreenProps) {
  return (
    <TextPage
      page={page}
      id="terms-title"
      fallbackTitle={['terms.title', 'Terms and Conditions']}
      emptyText={['terms.empty', 'The terms and conditions are not available at the moment.']}
    />
  );
}

export function NewsScreen({ page }: ScreenProps) {
  return (
    <TextPage
      page={page}
      id="news-title"
      fallbackTitle={['news.title', 'News']}
      emptyText={['news.empty', 'There is no news at the moment.']}
    />
  );
}
