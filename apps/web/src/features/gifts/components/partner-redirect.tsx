import { useEffect } from 'react';
import { useDictionary } from '../../../shared/use-dictionary';

/**
 * Partner-programme users (spec 2 §6): the gifts and redeem-points pages send
 * the browser to the partner programme's URL instead of showing themselves
 * (the words in the scope of the page showing it).
 */
export function PartnerRedirect({ url, scope }: { url: string; scope: 'gifts' | 'redeem' }) {
  const text = useDictionary();
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return (
    <section className="container gifts-page">
      <p role="status">
        {text(`${scope}.partnerRedirect`, 'Taking you to the partner programme…')}{' '}
        <a href={url}>{text(`${scope}.partnerLink`, 'Go to the partner programme')}</a>
      </p>
    </section>
  );
}
