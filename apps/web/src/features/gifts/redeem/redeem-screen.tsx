import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from '../../../shared/navigation/link';
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
import { fillNodes } from '../../../shared/points-status/format';
import { LeftToRight } from '../../../shared/left-to-right';
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

/**
 * The thank-you, one line under the other at every width (a phone cut the
 * side-by-side lines off): the title, the order number, each gift with its
 * quantity, the points spent and remaining, and a link to the order on the
 * points page.
 */
function Ordered({ result, data }: { result: RedeemResult; data: RedeemPage }) {
  const text = useDictionary();
  const layout = useLayout();
  const formatNumber = useFormatNumber();
  const titleId = useId();
  const listId = useId();
  const pointsPage = pagePath(layout, 'points');
  return (
    <section className="alert alert--success redeem-thanks" aria-labelledby={titleId}>
      <h2 id={titleId}>{text('redeem.thankYou', 'Thank you for your order!')}</h2>
      {result.orderId !== null ? (
        <p>
          {fillNodes(text('redeem.orderNumber', 'Order number: {orderId}'), {
            // An identifier, not an amount: no digit grouping, left to right in any page.
            orderId: (
              <strong>
                <LeftToRight>{result.orderId}</LeftToRight>
              </strong>
            ),
          })}
        </p>
      ) : null}
      <p id={listId}>{text('redeem.orderedCaption', 'What you ordered')}</p>
      <ul className="redeem-thanks__gifts" aria-labelledby={listId}>
        {data.listgifts.map(({ gift, quantity }) => (
          <li key={gift.id}>
            {formatNumber(quantity)} × {gift.description}
          </li>
        ))}
      </ul>
      <dl className="redeem-thanks__points">
        <div>
          <dt>{text('redeem.pointsSpent', 'Points spent')}</dt>
          <dd>{formatNumber(data.total)}</dd>
        </div>
        <div>
          <dt>{text('redeem.pointsRemaining', 'Points remaining')}</dt>
          <dd>{formatNumber(result.Refresh)}</dd>
        </div>
      </dl>
      <p>
        {result.orderId !== null ? (
          <Link to={`${pointsPage}#order-${result.orderId}`}>
            {text('redeem.orderLink', 'See this order and how it progresses')}
          </Link>
        ) : (
          <Link to={`${pointsPage}#ordered-gifts`}>
            {text('redeem.orderedGiftsLink', 'See your ordered gifts')}
          </Link>
        )}
      </p>
    </section>
  );
}

/**
 * The confirmation step: where the gifts go, what they cost and what is left.
 * Nothing is spent before "Confirm order"; "Go back and change" returns to the form.
 */
function OrderReview({
  data,
  values,
  busy,
  onBack,
}: {
  data: RedeemPage;
  values: { delivery?: string | undefined; giftDeliveryAddress?: string | undefined };
  busy: boolean;
  onBack: () => void;
}) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => titleRef.current?.focus(), []);
  const send = values.delivery === 'send';
  return (
    <section className="redeem-review" aria-labelledby={titleId}>
      <h2 id={titleId} ref={titleRef} tabIndex={-1}>
        {text('redeem.confirmTitle', 'Confirm your order')}
      </h2>
      <p>
        {text('redeem.confirmText', 'Check your order. No points are spent until you confirm it.')}
      </p>
      <dl className="redeem-summary">
        <div>
          <dt>{text('redeem.delivery', 'Delivery')}</dt>
          <dd>
            {send
              ? text('redeem.deliverySend', 'Send to my address')
              : text('redeem.deliverySelf', 'Collect personally')}
          </dd>
        </div>
        {send ? (
          <div>
            <dt>{text('redeem.address', 'Delivery address')}</dt>
            <dd className="redeem-summary__address">{values.giftDeliveryAddress}</dd>
          </div>
        ) : null}
        <div>
          <dt>{text('redeem.cost', 'Points it costs')}</dt>
          <dd className="redeem-number" data-testid="redeem-cost">
            {formatNumber(data.total)}
          </dd>
        </div>
        <div>
          <dt>{text('redeem.remainingAfter', 'Points left after the order')}</dt>
          <dd className="redeem-number" data-testid="redeem-remaining-after">
            {formatNumber(data.Refresh - data.total)}
          </dd>
        </div>
      </dl>
      <div className="gifts-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {text('redeem.confirm', 'Confirm order')}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} disabled={busy}>
          {text('redeem.change', 'Go back and change')}
        </button>
      </div>
    </section>
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
  // Two steps in one form: the choices, then their confirmation; only the second spends.
  const [reviewing, setReviewing] = useState(false);
  const form = useResolvedClubForm(
    resolver,
    {
      listgifts: listGifts(data),
      // Nothing preselected that changes where the gifts go: the member chooses.
      ...(data.delivery_option === '' ? {} : { delivery: data.delivery_option }),
      giftDeliveryAddress: data.giftDeliveryAddress,
      orderKey: data.orderKey,
    },
    'onSubmit',
  );
  const address = useWatch({ control: form.control, name: 'giftDeliveryAddress' }) ?? '';
  const delivery = useWatch({ control: form.control, name: 'delivery' });
  const addressError = form.formState.errors.giftDeliveryAddress?.message;
  const deliveryError = form.formState.errors.delivery?.message;
  const busy = form.formState.isSubmitting;

  // One request at a time: a double click sends one order (useFormSubmit).
  const { onSubmit, otherMessages } = useFormSubmit(
    form,
    async (values: RedeemForm) => {
      if (!reviewing) {
        setReviewing(true);
        return;
      }
      const result = await placeOrder(data, layout, values);
      const messages = result.validationMessages;
      if (messages && Object.keys(messages).length > 0) {
        // Back to the choices, where the messages show on their fields.
        setReviewing(false);
        return messages;
      }
      if (result.ordered) await forgetAfterOrder(queryClient);
      onResult(result);
    },
    // The chosen gifts and the order key have no control: their messages go to the banner.
    { hiddenFields: ['listgifts', 'orderKey'] },
  );

  const hintId = `${id}-address-hint`;
  const errorId = `${id}-address-error`;
  const deliveryErrorId = `${id}-delivery-error`;
  const selfHintId = `${id}-self-hint`;
  const deliveryProps = deliveryError
    ? { 'aria-invalid': true, 'aria-describedby': deliveryErrorId }
    : {};
  // Collecting says where and when (the country's words), read with the choice.
  const selfProps = deliveryError
    ? { 'aria-invalid': true, 'aria-describedby': `${selfHintId} ${deliveryErrorId}` }
    : { 'aria-describedby': selfHintId };
  const wordError = (message: string) => message.split('\n').map(word).join(' ');
  return (
    <form className="redeem-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {reviewing ? (
        <OrderReview
          data={data}
          values={{ delivery, giftDeliveryAddress: address }}
          busy={busy}
          onBack={() => {
            setReviewing(false);
            // Focus returns to the choices the member came back to change.
            setTimeout(() => form.setFocus('delivery'), 0);
          }}
        />
      ) : (
        <>
          <fieldset className="redeem-delivery">
            <legend>{text('redeem.delivery', 'Delivery')}</legend>
            <label>
              <input type="radio" value="send" {...deliveryProps} {...form.register('delivery')} />{' '}
              {text('redeem.deliverySend', 'Send to my address')}
            </label>
            <label>
              <input type="radio" value="self" {...selfProps} {...form.register('delivery')} />{' '}
              {text('redeem.deliverySelf', 'Collect personally')}
            </label>
            <p id={selfHintId} className="redeem-hint redeem-delivery__hint">
              {text(
                'redeem.deliverySelfHint',
                'At the club’s office, Monday to Friday from 10:00 to 16:00, once we email you that your gifts are ready. Bring your member number.',
              )}
            </p>
            {typeof deliveryError === 'string' && deliveryError !== '' ? (
              <p id={deliveryErrorId} className="redeem-error">
                {wordError(deliveryError)}
              </p>
            ) : null}
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
                {wordError(addressError)}
              </p>
            ) : null}
          </div>
          <FormAlert messages={otherMessages} />
          <div className="gifts-actions">
            <button type="submit" className="button">
              {text('redeem.continue', 'Continue')}
            </button>
            <BackButton />
          </div>
        </>
      )}
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
    body = <Ordered result={result} data={data} />;
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
 * only): the chosen gifts, the delivery choice (none preselected) and
 * address, Continue and Back, then the confirmation (Confirm order or Go
 * back and change: nothing is spent before it), and the states not enough points, ordering disabled, ordered, an error
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
