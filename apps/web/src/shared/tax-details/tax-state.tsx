import type { TaxDetailsState } from '@club/contract/tax-details';
import { Link } from '../navigation/link';
import { useLayout } from '../layout-context';
import { pagePath } from '../paths';
import { useDictionary } from '../use-dictionary';
import { fill } from '../points-status/format';

/** The gift list's tax details section, where the member sends them. */
export const TAX_DETAILS_ANCHOR = 'tax-details';

/**
 * Where a member's tax details stand, in one sentence: nothing sent yet,
 * sent and being checked, confirmed (ready to order) or refused with the
 * reason. `linkToForm` adds a link to the form on the gift list (the member
 * home) where there is something to send.
 */
export function TaxState({
  state,
  reason,
  linkToForm = false,
}: {
  state: TaxDetailsState;
  reason: string | null;
  linkToForm?: boolean;
}) {
  const text = useDictionary();
  const layout = useLayout();
  const sentence = {
    none: text('taxDetails.state.none', 'Send us your tax details to unlock ordering.'),
    sent: text('taxDetails.state.sent', 'Tax details sent — being checked. This takes a few days.'),
    confirmed: text(
      'taxDetails.state.confirmed',
      'Your tax details are confirmed: you are ready to order.',
    ),
    refused: fill(
      text('taxDetails.state.refused', 'We could not accept your tax details: {reason}'),
      { reason: reason ?? '' },
    ),
  }[state];
  const tone = state === 'confirmed' ? 'success' : state === 'refused' ? 'danger' : 'info';
  const linkLabel =
    state === 'refused'
      ? text('taxDetails.sendAgain', 'Send them again')
      : text('taxDetails.link', 'Send your tax details');
  return (
    <p className={`alert alert--${tone} tax-state`} data-state={state}>
      {sentence}
      {linkToForm && (state === 'none' || state === 'refused') ? (
        <>
          {' '}
          <Link to={`${pagePath(layout, 'gifts')}#${TAX_DETAILS_ANCHOR}`}>{linkLabel}</Link>
        </>
      ) : null}
    </p>
  );
}
