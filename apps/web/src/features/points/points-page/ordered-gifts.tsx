import { useEffect, useId, useRef, useState } from 'react';
import type { OrderedGift, PointsPage } from '@club/contract/points';
import type { OrderState, RefundCause } from '@club/contract/gift-rules';
import { useDictionary } from '../../../shared/use-dictionary';
import { LeftToRight } from '../../../shared/left-to-right';
import { fill, useFormatNumber } from '../../../shared/points-status/format';
import { LocaleDate } from '../../../shared/locale-date';

function useOrderWords() {
  const text = useDictionary();
  const states: Record<OrderState, string> = {
    placed: text('points.orderState.placed', 'Placed'),
    submitted: text('points.orderState.submitted', 'Sent to the provider'),
    fulfilled: text('points.orderState.fulfilled', 'Fulfilled'),
    failed: text('points.orderState.failed', 'Refunded'),
  };
  const refunds: Record<RefundCause, string> = {
    refused: text('points.refund.refused', 'The provider refused the order. Your points are back.'),
    attempts: text(
      'points.refund.attempts',
      'The order could not be sent to the provider. Your points are back.',
    ),
    unconfirmed: text(
      'points.refund.unconfirmed',
      'The provider did not confirm the order in time. Your points are back.',
    ),
    cancelled: text('points.refund.cancelled', 'We cancelled the order. Your points are back.'),
  };
  return { text, states, refunds };
}

/**
 * A voucher code with its copy button. Where the browser does not let the
 * page write to the clipboard, the code is selected for the member to copy;
 * a polite status says which happened.
 */
function VoucherCode({ code }: { code: string }) {
  const text = useDictionary();
  const codeRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<'copied' | 'selected' | null>(null);
  const selectCode = () => {
    const selection = window.getSelection();
    if (codeRef.current !== null && selection !== null)
      selection.selectAllChildren(codeRef.current);
    setCopied('selected');
  };
  const copy = () => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard === undefined) return selectCode();
    clipboard.writeText(code).then(() => setCopied('copied'), selectCode);
  };
  return (
    <li className="order-card__voucher">
      <LeftToRight>
        <code ref={codeRef}>{code}</code>
      </LeftToRight>
      <button type="button" className="button button--secondary order-card__copy" onClick={copy}>
        {text('points.copyVoucher', 'Copy code')}
        <span className="visually-hidden"> {code}</span>
      </button>
      <span role="status" className="order-card__copied">
        {copied === 'copied'
          ? text('points.voucherCopied', 'Copied.')
          : copied === 'selected'
            ? text(
                'points.voucherSelected',
                'The code is selected: copy it with your keyboard or menu.',
              )
            : ''}
      </span>
    </li>
  );
}

/** One order: its number, points, gifts, the states it went through, and its vouchers or refund. */
function OrderCard({ order, linkedTo }: { order: OrderedGift; linkedTo: boolean }) {
  const { text, states, refunds } = useOrderWords();
  const formatNumber = useFormatNumber();
  const titleId = useId();
  const card = useRef<HTMLLIElement>(null);
  // The thank-you's link to this order (`points#order-{id}`): the card comes into view, focused.
  useEffect(() => {
    if (!linkedTo) return;
    card.current?.scrollIntoView({ block: 'start' });
    card.current?.focus({ preventScroll: true });
  }, [linkedTo]);
  // An identifier, not an amount: no digit grouping.
  const orderId = String(order.id);
  return (
    <li
      ref={card}
      id={`order-${order.id}`}
      className="order-card"
      aria-labelledby={titleId}
      data-order-id={order.id}
      tabIndex={linkedTo ? -1 : undefined}
    >
      <div className="order-card__head">
        <h3 id={titleId}>{fill(text('points.orderTitle', 'Order {orderId}'), { orderId })}</h3>
        <span className={`order-card__state order-card__state--${order.state}`}>
          {states[order.state]}
        </span>
        <span className="order-card__points">
          {fill(text('points.orderPoints', '{points} points'), {
            points: formatNumber(order.points),
          })}
        </span>
      </div>
      <ul className="order-card__lines">
        {order.lines.map((line, index) => (
          <li key={index}>
            {formatNumber(line.quantity)} × {line.description}
          </li>
        ))}
      </ul>
      <ol
        className="order-timeline"
        aria-label={fill(text('points.orderTimeline', 'Progress of order {orderId}'), { orderId })}
      >
        {order.timeline.map((event) => (
          <li
            key={event.state}
            className={`order-timeline__step order-timeline__step--${event.state}`}
          >
            <span className="order-timeline__state">{states[event.state]}</span>{' '}
            <LocaleDate value={event.date} style="short" />
          </li>
        ))}
      </ol>
      {order.vouchers.length > 0 ? (
        <div className="order-card__vouchers">
          <p>{text('points.vouchers', 'Your voucher codes')}</p>
          <p className="order-card__how-to">
            {text(
              'points.voucherHowTo',
              'Enter a code when you pay on the provider’s website, or show it in a partner shop. Each code can be used once.',
            )}
          </p>
          <ul>
            {order.vouchers.map((code) => (
              <VoucherCode key={code} code={code} />
            ))}
          </ul>
        </div>
      ) : null}
      {order.refund !== null ? (
        <p className="order-card__refund">
          {refunds[order.refund.cause]}
          {order.refund.reason !== '' ? <> ({order.refund.reason})</> : null}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Ordered gifts: every order, newest first, with its number, gifts and a
 * short timeline (placed, sent to the provider, fulfilled with its vouchers
 * or refunded with why), then the points used on gifts (the spec's `summUse`).
 */
export function OrderedGifts({
  data,
  linkedOrderId,
}: {
  data: PointsPage;
  /** The order a link named (`points#order-{id}`), brought into view. */
  linkedOrderId?: number | undefined;
}) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  if (data.orders.length === 0)
    return (
      <p className="points-empty">
        {text('points.noGifts', 'You have not ordered any gifts yet.')}
      </p>
    );
  return (
    <>
      <ul className="order-cards" aria-label={text('points.giftsCaption', 'Ordered gifts')}>
        {data.orders.map((order) => (
          <OrderCard key={order.id} order={order} linkedTo={order.id === linkedOrderId} />
        ))}
      </ul>
      <p className="order-cards__total">
        {text('points.total', 'Total')}: <strong>{formatNumber(data.summUse)}</strong>
      </p>
    </>
  );
}
