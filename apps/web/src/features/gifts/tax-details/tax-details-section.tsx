import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { TaxDetails } from '@club/contract/tax-details';
import { RichText } from '../../../shared/rich-text';
import { TAX_DETAILS_ANCHOR, TaxState } from '../../../shared/tax-details/tax-state';
import { useDictionary } from '../../../shared/use-dictionary';

/** The form and the form library come only where the form shows. */
const TaxDetailsForm = lazy(() =>
  import('./tax-details-form').then((module) => ({ default: module.TaxDetailsForm })),
);

/** The tax notice's words (spec 2 §2.4): the country's text, else the default. */
export function TaxNoticeText({ html }: { html: string }) {
  const text = useDictionary();
  if (html !== '') return <RichText html={html} />;
  return (
    <p>
      {text(
        'gifts.taxNotice',
        'Please provide your tax information to unlock the Order button. Verifying it takes a few days.',
      )}
    </p>
  );
}

/**
 * The tax notice of the gift list (spec 2 §2.4) with a way to act on it
 * (issue 30): where the member's tax details stand, and the form to send
 * them while nothing is sent or they were refused. The member home links
 * here (`#tax-details`).
 */
export function TaxDetailsSection({ details, notice }: { details: TaxDetails; notice: string }) {
  const text = useDictionary();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [current, setCurrent] = useState(details);
  useEffect(() => {
    if (window.location.hash !== `#${TAX_DETAILS_ANCHOR}`) return;
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus();
  }, []);
  if (current.state === 'confirmed') return null;
  const formShown = current.state === 'none' || current.state === 'refused';
  return (
    <section id={TAX_DETAILS_ANCHOR} className="gifts-tax" aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {text('taxDetails.title', 'Your tax details')}
      </h2>
      <div className="gifts-tax-notice">
        <TaxNoticeText html={notice} />
      </div>
      <div role="status">
        {current.state === 'none' ? null : (
          <TaxState state={current.state} reason={current.reason} />
        )}
      </div>
      {formShown ? (
        <Suspense fallback={null}>
          <TaxDetailsForm details={current} onSent={setCurrent} />
        </Suspense>
      ) : null}
    </section>
  );
}
