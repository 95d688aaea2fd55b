import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useNavigate } from '../../../shared/navigation/navigator-router';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  RedeemFormSchema,
  type RedeemForm,
  type RedeemPage,
  type RedeemResult,
} from '@club/contract/gifts';
import type { ScreenProps } from '../../../shared/screens';
import { useLayout } from '../../../shared/layout-context';
import { pagePath } from '../../../shared/paths';
import { useReloadWhenLoggedOut } from '../../../shared/user/use-session';
import { useDictionary } from '../../../shared/use-dictionary';
import { forgetAfterOrder, placeOrder, refreshStatusReport } from '../api/place-order';
import { redeemPageData } from '../api/page-data';
import { useFormatNumber } from '../../../shared/use-format-number';
import { useGiftMessage } from '../components/gift-messages';
import { useMessageWording } from '../../../shared/use-message-wording';
import { loadMessageFormat, useWording } from '../../../shared/wording';
import { FormAlert } from '../../../shared/forms/fields';
import {
  schemaResolver,
  useFormSubmit,
  useResolvedClubForm,
} from '../../../shared/forms/use-club-form';
import { PartnerRedirect } from '../components/partner-redirect';
import '../gifts.css';

/** Characters a delivery address may have (spec 2 §5, §9). */
export const ADDRESS_MAX_LENGTH = 255;

const resolver = schemaResolver(RedeemFormSchema);

/** `id:quantity,id:quantity` of the chosen gifts. */
function listGifts(data: RedeemPage): string {
  return data.listgifts.map((chosen) => `${chosen.gift.id}:${chosen.quantity}`).join(',');
}

/** The chosen gifts, their total and the available points. */
function ChosenGifts({ data }: { data: RedeemPage }) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  if (data.listgifts.length === 0) return null;
  return (
    <table className="redeem-table">
      <caption className="visually-hidden">
        {text('redeem.chosenCaption', 'Your chosen gifts')}
      </caption>
      <thead>
        <tr>
          <th scope="col">{text('redeem.colGift', 'Gift')}</th>
          <th scope="col" className="redeem-number">
            {text('redeem.colQuantity', 'Quantity')}
          </th>
          <th scope="col" className="redeem-number">
            {text('redeem.colPoints', 'Points')}
          </th>
        </tr>
      </thead>
      <tbody>
        {data.listgifts.map(({ gift, quantity }) => (
          <tr key={gift.id}>
            <th scope="row">{gift.description}</th>
            <td className="redeem-number">{formatNumber(quantity)}</td>
            <td className="redeem-number">{formatNumber(gift.points * quantity)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            {text('redeem.total', 'Total')}
          </th>
          <td className="redeem-number">{formatNumber(data.total)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            {text('redeem.available', 'Available points')}
          </th>
          <td className="redeem-number">{formatNumber(data.Refresh)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** Back to the gift list, shown only when the browser history has more than one entry. */
function BackButton() {
  const text = useDictionary();
  const layout = useLayout();
  const navigate = useNavigate();
  if (window.history.length <= 1) return null;
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => void navigate(pagePath(layout, 'gifts'))}
    >
      {text('redeem.back', 'Back')}
    </button>
  );
}

/** The thank-you, with the remaining points and a link to the ordered gifts. */
function Ordered({ result }: { result: RedeemResult }) {
  const text = useDictionary();
  const layout = useLayout();
  const formatNumber = useFormatNumber();
  return (
    <div className="alert alert--success">
      <p>{text('redeem.thankYou', 'Thank you for your order!')}</p>
      <p>
        {text('redeem.remaining', 'Your remaining points: {points}').replace(
          '{points}',
          formatNumber(result.Refresh),
        )}
      </p>
      <p>
        <Link to={`${pagePath(layout, 'points')}#ordered-gifts`}>
          {text('redeem.orderedGiftsLink', 'See your ordered gifts')}
        </Link>
      </p>
    </div>
  );
}

function OrderForm({
  data,
  onResult,
}: {
  data: RedeemPage;
  onResult: (result: RedeemResult) => void;
}) {
  const text = useDictionary();
  const wording = useWording();
  const layout = useLayout();
  const queryClient = useQueryClient();
  const word = useMessageWording();
  const id = useId();
  const form = useResolvedClubForm(
    resolver,
    {
      listgifts: listGifts(data),
      delivery: data.delivery_option,
      giftDeliveryAddress: data.giftDeliveryAddress,
      orderKey: data.orderKey,
    },
    'onSubmit',
  );
  const address = useWatch({ control: form.control, name: 'giftDeliveryAddress' }) ?? '';
  const addressError = form.formState.errors.giftDeliveryAddress?.message;
  const busy = form.formState.isSubmitting;

  // One request at a time: a double click sends one order (useFormSubmit).
  const { onSubmit, otherMessages } = useFormSubmit(
    form,
    async (values: RedeemForm) => {
      const result = await placeOrder(data, layout, values);
      const messages = result.validationMessages;
      if (messages && Object.keys(messages).length > 0) return messages;
      if (result.ordered) await forgetAfterOrder(queryClient);
      onResult(result);
    },
    // The chosen gifts and the order key have no control: their messages go to the banner.
    { hiddenFields: ['listgifts', 'orderKey'] },
  );

  const hintId = `${id}-address-hint`;
  const errorId = `${id}-address-error`;
  return (
    <form className="redeem-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset className="redeem-delivery">
        <legend>{text('redeem.delivery', 'Delivery')}</legend>
        <label>
          <input type="radio" value="send" {...form.register('delivery')} />{' '}
          {text('redeem.deliverySend', 'Send to my address')}
        </label>
        <label>
          <input type="radio" value="self" {...form.register('delivery')} />{' '}
          {text('redeem.deliverySelf', 'Collect personally')}
        </label>
      </fieldset>
      <div className="redeem-address">
        <label htmlFor={`${id}-address`}>{text('redeem.address', 'Delivery address')}</label>
        <textarea
          id={`${id}-address`}
          rows={4}
          aria-invalid={addressError ? true : undefined}
          aria-describedby={addressError ? `${hintId} ${errorId}` : hintId}
          {...form.register('giftDeliveryAddress')}
        />
        <p id={hintId} className="redeem-hint">
          {wording.text(
            'redeem.addressHint',
            '{count} of {max, plural, one {# character} other {# characters}}; needed to send the gifts.',
            { count: address.length, max: ADDRESS_MAX_LENGTH },
          )}
        </p>
        {typeof addressError === 'string' && addressError !== '' ? (
          <p id={errorId} className="redeem-error">
            {addressError.split('\n').map(word).join(' ')}
          </p>
        ) : null}
      </div>
      <FormAlert messages={otherMessages} />
      <div className="gifts-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {text('redeem.order', 'Order')}
        </button>
        <BackButton />
      </div>
    </form>
  );
}

function Redeem({ data }: { data: RedeemPage }) {
  const text = useDictionary();
  const layout = useLayout();
  const queryClient = useQueryClient();
  const message = useGiftMessage('redeem');
  const titleId = useId();
  const [result, setResult] = useState<RedeemResult | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void refreshStatusReport(queryClient);
  }, [queryClient]);

  // The Order button may be gone with the outcome: focus goes to the outcome.
  useEffect(() => {
    if (result) outcomeRef.current?.focus();
  }, [result]);

  const noOrder = result?.noOrder ?? data.noOrder;
  const noneDet = result?.noneDet ?? data.noneDet;
  // A refused order carries the page's own state: the same notice as the page shows.
  const orderDisabled = result
    ? result.order_disabled || result.disabled
    : data.order_disabled || data.disabled;

  // The order's outcome, read out (the visible text is above).
  let announcement = '';
  if (result?.ordered) announcement = text('redeem.thankYou', 'Thank you for your order!');
  else if (result?.noOrder) announcement = message('noGiftSelected');
  else if (result?.order_disabled || result?.disabled) announcement = message('orderingDisabled');
  else if (result?.noneDet) announcement = message('notEnoughPoints');
  else if (result) announcement = result.errorText;

  // The order call found a partner-programme user: where the page would have sent them.
  if (result?.partnerUrl) return <PartnerRedirect url={result.partnerUrl} scope="redeem" />;

  let body: ReactNode;
  if (result?.ordered) {
    body = <Ordered result={result} />;
  } else if (noOrder) {
    body = (
      <p className="alert alert--danger">
        {message('noGiftSelected')}{' '}
        <Link to={pagePath(layout, 'gifts')}>{text('redeem.backLink', 'Back to the gifts')}</Link>
      </p>
    );
  } else {
    body = (
      <>
        <ChosenGifts data={data} />
        {orderDisabled ? (
          <p className="alert alert--danger">{message('orderingDisabled')}</p>
        ) : noneDet ? (
          <p className="alert alert--danger">{message('notEnoughPoints')}</p>
        ) : null}
        {result && result.errorText !== '' ? (
          <p className="alert alert--danger">{result.errorText}</p>
        ) : null}
        {orderDisabled || noneDet ? (
          <div className="gifts-actions">
            <BackButton />
          </div>
        ) : (
          <OrderForm data={data} onResult={setResult} />
        )}
      </>
    );
  }

  return (
    <section className="container gifts-page" aria-labelledby={titleId}>
      <h1 id={titleId}>{data.title.trim() || text('redeem.title', 'Redeem points')}</h1>
      <div ref={outcomeRef} tabIndex={-1} className="redeem-outcome">
        {body}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}

/**
 * Redeem points (spec 2 §2.4 "Redeem points", §4 "Redeem flow", members
 * only): the chosen gifts, the delivery choice and address, Order and Back,
 * and the states not enough points, ordering disabled, ordered, an error
 * text, and no gift selected. Opening it refreshes the status report.
 */
export function RedeemScreen({ page }: ScreenProps) {
  const data = redeemPageData(page);
  useReloadWhenLoggedOut();
  if (data.partnerUrl) return <PartnerRedirect url={data.partnerUrl} scope="redeem" />;
  return <Redeem data={data} />;
}

// Counts are worded with plural forms: the formatter comes before the first paint.
RedeemScreen.prefetch = loadMessageFormat;
