import { memo, useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from '../../../shared/navigation/navigator-router';
import type { Gift, GiftsPage } from '@club/contract/gifts';
import { isGiftSortOrder, type GiftSortOrder } from '@club/contract/gift-rules';
import type { ScreenProps } from '../../../shared/screens';
import { useLayout } from '../../../shared/layout-context';
import { pagePath } from '../../../shared/paths';
import { useReloadWhenLoggedOut } from '../../../shared/user/use-session';
import { useDictionary } from '../../../shared/use-dictionary';
import { giftsPageData } from '../api/page-data';
import { useFormatNumber } from '../../../shared/use-format-number';
import { loadMessageFormat, useWording } from '../../../shared/wording';
import { useGiftMessage } from '../components/gift-messages';
import { PartnerRedirect } from '../components/partner-redirect';
import { GiftCard } from './gift-card';
import { LocaleDate } from '../../../shared/locale-date';
import { fillNodes } from '../../../shared/points-status/format';
import { TaxState } from '../../../shared/tax-details/tax-state';
import { TaxDetailsSection, TaxNoticeText } from '../tax-details/tax-details-section';
import { useReveal } from './use-reveal';
import '../gifts.css';

/** The category select: All (no `category` param) or one category; a change navigates. */
function CategorySelect({ data }: { data: GiftsPage }) {
  const text = useDictionary();
  const layout = useLayout();
  const navigate = useNavigate();
  const id = useId();
  if (data.categories.length === 0) return null;
  return (
    <div className="gifts-category">
      <label htmlFor={id}>{text('gifts.category', 'Category')}</label>
      <select
        id={id}
        name="category"
        value={data.category}
        onChange={(event) => {
          const category = event.target.value;
          void navigate(pagePath(layout, 'gifts', category === '' ? {} : { category }));
        }}
      >
        <option value="">{text('gifts.allCategories', 'All')}</option>
        {data.categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The order by points (`?sort=`, kept in the URL with the category); none keeps the catalogue's. */
function SortSelect({ data, sort }: { data: GiftsPage; sort: GiftSortOrder | '' }) {
  const text = useDictionary();
  const layout = useLayout();
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="gifts-category">
      <label htmlFor={id}>{text('gifts.sort', 'Sort by points')}</label>
      <select
        id={id}
        name="sort"
        value={sort}
        onChange={(event) => {
          const query: Record<string, string> = {};
          if (data.category !== '') query.category = data.category;
          if (event.target.value !== '') query.sort = event.target.value;
          // The same list in another order: the choices so far stay, and Back skips it.
          void navigate(pagePath(layout, 'gifts', query), { replace: true });
        }}
      >
        <option value="">{text('gifts.sortNone', 'Catalogue order')}</option>
        <option value="points-asc">{text('gifts.sortAsc', 'Fewest points first')}</option>
        <option value="points-desc">{text('gifts.sortDesc', 'Most points first')}</option>
      </select>
    </div>
  );
}

/** The gifts in the chosen order by points (a stable sort: equal points keep the catalogue's order). */
function sortedGifts(gifts: readonly Gift[], sort: GiftSortOrder | ''): Gift[] {
  if (sort === '') return [...gifts];
  const direction = sort === 'points-asc' ? 1 : -1;
  return [...gifts].sort((a, b) => direction * (a.points - b.points));
}

/** The selection's points against the available points, read out politely as it changes. */
const SelectionTotal = memo(function SelectionTotal({
  total,
  available,
}: {
  total: number;
  available: number;
}) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const over = total - available;
  return (
    <div className="gifts-selection" role="status" aria-live="polite">
      <p>
        {text('gifts.selection', 'Selected: {total} of your {available} points')
          .replace('{total}', formatNumber(total))
          .replace('{available}', formatNumber(available))}
      </p>
      {over > 0 ? (
        <p className="gifts-selection__over">
          {text(
            'gifts.overBudget',
            'Your selection costs {points} points more than you have.',
          ).replace('{points}', formatNumber(over))}
        </p>
      ) : null}
    </div>
  );
});

/** The tax notice (spec 2 §2.4) where no tax details are asked for. */
function TaxNotice({ html }: { html: string }) {
  return (
    <div className="alert alert--info gifts-tax-notice">
      <TaxNoticeText html={html} />
    </div>
  );
}

/**
 * The page's heading, available points, notices and filters: memoised, as
 * none of it changes with the quantities chosen (a quantity's answer renders
 * its card and the total only).
 */
const GiftListHeading = memo(function GiftListHeading({
  data,
  sort,
  titleId,
  giftCount,
}: {
  data: GiftsPage;
  sort: GiftSortOrder | '';
  titleId: string;
  giftCount: number;
}) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const message = useGiftMessage('gifts');
  return (
    <>
      <h1 id={titleId}>{data.title.trim() || text('gifts.title', 'List of gifts')}</h1>
      <p className="gifts-available">
        {text('gifts.available', 'Available points')}: <strong>{formatNumber(data.Refresh)}</strong>
      </p>
      {data.taxDetails !== undefined ? (
        <TaxDetailsSection details={data.taxDetails} notice={data.registrationInfo} />
      ) : !data.taxOK ? (
        <TaxNotice html={data.registrationInfo} />
      ) : null}
      {data.order_disabled || data.disabled ? (
        <p className="alert alert--danger" role="alert">
          {message('orderingDisabled')}
          {data.orderingReopensOn ? (
            <>
              {' '}
              {fillNodes(text('gifts.orderingReopens', 'Ordering reopens on {date}.'), {
                date: <LocaleDate value={data.orderingReopensOn} />,
              })}
            </>
          ) : null}
        </p>
      ) : data.taxDetails?.state === 'confirmed' ? (
        <TaxState state="confirmed" reason={null} />
      ) : null}
      <div className="gifts-filters">
        <CategorySelect data={data} />
        {giftCount > 1 ? <SortSelect data={data} sort={sort} /> : null}
      </div>
    </>
  );
});

/** "Showing 6 of 20 gifts", for screen readers as cards are revealed (memoised: its plural forms go through the formatter). */
const ShownCount = memo(function ShownCount({ shown, total }: { shown: number; total: number }) {
  const wording = useWording();
  return (
    <p className="visually-hidden" role="status">
      {wording.text(
        'gifts.shown',
        'Showing {shown} of {total, plural, one {# gift} other {# gifts}}',
        {
          shown,
          total,
        },
      )}
    </p>
  );
});

function GiftList({ data, sort }: { data: GiftsPage; sort: GiftSortOrder | '' }) {
  const text = useDictionary();
  const layout = useLayout();
  const navigate = useNavigate();
  const message = useGiftMessage('gifts');
  const titleId = useId();
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  // Stable across a quantity's change, so that only the changed card renders again.
  const gifts = useMemo(() => sortedGifts(data.Gifts, sort), [data.Gifts, sort]);
  const chooseQuantity = useCallback(
    (giftId: number, quantity: number) =>
      setQuantities((current) => ({ ...current, [giftId]: quantity })),
    [],
  );
  const { shown, sentinelRef, revealNow } = useReveal(gifts.length);
  const sum = gifts.reduce((total, gift) => total + (quantities[gift.id] ?? 0), 0);
  const points = gifts.reduce((total, gift) => total + gift.points * (quantities[gift.id] ?? 0), 0);
  const orderingDisabled = data.order_disabled || data.disabled;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sum === 0 || orderingDisabled) return;
    const query: Record<string, string> = {};
    for (const gift of gifts) {
      const quantity = quantities[gift.id] ?? 0;
      if (quantity > 0) query[`sel_gifts[${gift.id}]`] = String(quantity);
    }
    void navigate(pagePath(layout, 'redeem-points', query));
  };

  return (
    <section className="container gifts-page" aria-labelledby={titleId}>
      <GiftListHeading data={data} sort={sort} titleId={titleId} giftCount={gifts.length} />
      {gifts.length === 0 ? (
        <p className="alert alert--info">{message('noGifts')}</p>
      ) : (
        <form className="gifts-form" onSubmit={submit} noValidate>
          <ul className="gift-cards">
            {gifts.slice(0, shown).map((gift, index) => (
              <GiftCard
                key={gift.id}
                gift={gift}
                quantity={quantities[gift.id] ?? 0}
                available={data.Refresh}
                onQuantity={chooseQuantity}
                onFocusCard={index === shown - 1 && shown < gifts.length ? revealNow : undefined}
              />
            ))}
          </ul>
          <div ref={sentinelRef} className="gifts-sentinel" aria-hidden="true" />
          <ShownCount shown={shown} total={gifts.length} />
          {shown < gifts.length ? (
            <p>
              <button type="button" className="button button--secondary" onClick={revealNow}>
                {text('gifts.showMore', 'Show more gifts')}
              </button>
            </p>
          ) : null}
          <SelectionTotal total={points} available={data.Refresh} />
          <div className="gifts-actions">
            <button type="submit" className="button" disabled={sum === 0 || orderingDisabled}>
              {text('gifts.submit', 'Order')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * Gift list (spec 2 §2.4 "Gift list", members only): the category select,
 * the order by points (`?sort=`), the running total of the selection, the gift cards revealed six at a time, the quantities and the submit to
 * redeem-points; partner-programme users go to the partner's URL instead.
 */
export function GiftsScreen({ page }: ScreenProps) {
  const data = giftsPageData(page);
  useReloadWhenLoggedOut();
  if (data.partnerUrl) return <PartnerRedirect url={data.partnerUrl} scope="gifts" />;
  const sort = isGiftSortOrder(page.params.sort) ? page.params.sort : '';
  return <GiftList key={data.category} data={data} sort={sort} />;
}

// Counts are worded with plural forms: the formatter comes before the first paint.
GiftsScreen.prefetch = loadMessageFormat;
