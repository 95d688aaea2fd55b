import { formText } from '../../lib/form-text';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OrderFulfilmentSchema,
  OrderVoucherCorrectionSchema,
  OrderRefundSchema,
  type StaffOrder,
} from '@club/contract/staff-orders';
import { StaffApiError, staffCall } from '../../lib/staff-api';
import { useBackToList } from '../../lib/list-return';
import { usePageTitle } from '../../lib/page-title';
import { hasRole, useStaff } from '../../lib/staff-session';
import { Dialog } from '../../lib/ui/dialog';
import { orderQuery } from './orders-api';
import { stateNames } from './order-queue';
import { countOf, formatMoment } from '../../lib/english-format';

const when = formatMoment;

/** A refusal's message: the field's, the order's (wrong state), or a general one. */
function messageOf(error: unknown, field: string): string {
  if (error instanceof StaffApiError) {
    return (
      error.fieldMessage(field) ??
      error.fieldMessage('order') ??
      (error.status === 403 ? 'Your role may not do this.' : 'The change failed. Try again.')
    );
  }
  return 'The change failed. Try again.';
}

/** One order: member, delivery, gifts, timeline, the provider's answers, and the staff actions. */
export function OrderPage() {
  const { id = '' } = useParams();
  usePageTitle(`Order ${id}`);
  const back = useBackToList();
  const staff = useStaff();
  const mayAct = hasRole(staff, ['admin', 'manager']);
  const order = useQuery(orderQuery(id));
  const client = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const changed = (message: string) => (answer: StaffOrder) => {
    client.setQueryData(orderQuery(id).queryKey, answer);
    void client.invalidateQueries({ queryKey: ['orders', 'queue'] });
    setDone(message);
  };

  if (order.isPending) return <p role="status">Loading the order…</p>;
  if (order.isError) {
    return (
      <>
        <h1>Order {id}</h1>
        <p role="alert" className="form-error">
          {order.error instanceof StaffApiError && order.error.status === 404
            ? 'There is no such order in your countries.'
            : 'The order could not be loaded.'}
        </p>
        <p>
          <Link to={back}>Back to the orders</Link>
        </p>
      </>
    );
  }
  const data = order.data;
  return (
    <>
      <p>
        <Link to={back}>Back to the orders</Link>
      </p>
      <h1>Order {data.id}</h1>
      {done && (
        <p role="status" className="success">
          {done}
        </p>
      )}
      <dl className="order-facts">
        <dt>State</dt>
        <dd>{stateNames[data.state]}</dd>
        <dt>Member</dt>
        <dd>
          <Link to={`/members/${data.member.number}`}>
            {data.member.number} {data.member.firstName} {data.member.lastName}
          </Link>{' '}
          ({data.member.email})
        </dd>
        <dt>Country</dt>
        <dd>{data.countryCode.toUpperCase()}</dd>
        <dt>Points</dt>
        <dd>{data.points}</dd>
        <dt>Delivery</dt>
        <dd>
          {data.delivery === 'send'
            ? `Send to: ${data.deliveryAddress}`
            : 'Collected by the member'}
        </dd>
        <dt>Provider</dt>
        <dd>
          {data.provider}
          {data.providerRef ? ` (reference ${data.providerRef})` : ''}
        </dd>
        {data.vouchers.length > 0 && (
          <>
            <dt>Voucher codes</dt>
            <dd>
              {data.vouchers.join(', ')}
              {data.vouchersOpenedAt === null
                ? ' (not opened by the member yet)'
                : ` (opened by the member ${formatMoment(data.vouchersOpenedAt)})`}
            </dd>
          </>
        )}
        {data.state === 'failed' && (
          <>
            <dt>Why refunded</dt>
            <dd>{data.lastError}</dd>
          </>
        )}
      </dl>
      <div className="table-scroll">
        <table>
          <caption>Gifts ordered</caption>
          <thead>
            <tr>
              <th scope="col">Gift</th>
              <th scope="col">Quantity</th>
              <th scope="col">Points each</th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((line) => (
              <tr key={line.giftId}>
                <th scope="row">
                  {line.description} (gift {line.giftId})
                </th>
                <td>{line.quantity}</td>
                <td>{line.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Timeline</h2>
      <ol className="order-timeline">
        {data.timeline.map((step) => (
          <li key={step.state}>
            {stateNames[step.state]}: {when(step.at)}
          </li>
        ))}
      </ol>
      <h2>The voucher provider’s answers</h2>
      {data.attemptLog.length === 0 ? (
        <p>No call to the provider is recorded for this order.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption>Calls to the provider, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Call</th>
                <th scope="col">Outcome</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {data.attemptLog.map((attempt, index) => (
                <tr key={index}>
                  <td>{when(attempt.at)}</td>
                  <td>{attempt.call}</td>
                  <td>{attempt.outcome}</td>
                  <td>{attempt.answer}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {mayAct && (
        <section aria-labelledby="order-actions">
          <h2 id="order-actions">Actions</h2>
          {data.canFulfil && (
            <FulfilForm order={data} onDone={changed('The order is fulfilled.')} />
          )}
          <div className="toolbar">
            {data.canRefund && (
              <RefundButton order={data} onDone={changed('The order is refunded.')} />
            )}
            {data.canRetry && (
              <RetryButton order={data} onDone={changed('The order is back in the queue.')} />
            )}
          </div>
          {data.canCorrectVouchers && (
            <CorrectVouchersForm order={data} onDone={changed('The corrected codes are sent.')} />
          )}
          {!data.canFulfil && !data.canRefund && !data.canRetry && !data.canCorrectVouchers && (
            <p>Nothing to do: the order is {stateNames[data.state]?.toLowerCase()}.</p>
          )}
        </section>
      )}
    </>
  );
}

/**
 * The codes, counted as they are checked: one per gift of the order, or none
 * for a parcel. Sending asks first, with the member, the gifts and the codes.
 */
function FulfilForm({ order, onDone }: { order: StaffOrder; onDone: (o: StaffOrder) => void }) {
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const fulfil = useMutation({
    mutationFn: (vouchers: string) =>
      staffCall<StaffOrder>('POST', `/s2c/staff/v1/orders/${order.id}/fulfilment`, { vouchers }),
    onSuccess: (answer) => {
      setConfirming(null);
      onDone(answer);
    },
    onError: (failure) => {
      setConfirming(null);
      setError(messageOf(failure, 'vouchers'));
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const vouchers = formText(new FormData(event.currentTarget), 'vouchers');
    const checked = OrderFulfilmentSchema.safeParse({ vouchers });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    const codes = checked.data.vouchers;
    if (codes.length > 0 && codes.length !== items) {
      setError(codeCountError(items, codes.length));
      return;
    }
    setError(undefined);
    setConfirming(codes);
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="fulfil-title">
      <h3 id="fulfil-title">Fulfil with voucher codes</h3>
      <div className="field">
        <label htmlFor="fulfil-vouchers">Voucher codes, one a line</label>
        <textarea
          id="fulfil-vouchers"
          name="vouchers"
          rows={Math.min(10, Math.max(2, items))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'fulfil-hint fulfil-error' : 'fulfil-hint'}
        />
        <p id="fulfil-hint" className="hint">
          One code per gift ({countOf(items, 'gift', 'gifts')}); leave empty for gifts sent without
          a code. The member is mailed the codes.
        </p>
        {error && (
          <p id="fulfil-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" aria-haspopup="dialog">
        Review and send
      </button>
      <Dialog
        title={`Send order ${order.id} to the member?`}
        open={confirming !== null}
        onClose={() => setConfirming(null)}
      >
        <p>
          Member {order.member.number} ({order.member.email}) is mailed at once and sees the order
          as fulfilled: {order.gifts}.
        </p>
        {confirming !== null && confirming.length > 0 ? (
          <ul aria-label="Voucher codes to send">
            {confirming.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        ) : (
          <p>No code: the gifts are sent without one.</p>
        )}
        <div className="toolbar">
          <button
            type="button"
            disabled={fulfil.isPending}
            aria-busy={fulfil.isPending}
            onClick={() => fulfil.mutate((confirming ?? []).join('\n'))}
          >
            Send and mark fulfilled
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(null)}>
            Check the codes again
          </button>
        </div>
      </Dialog>
    </form>
  );
}

/**
 * A fulfilled order's codes, corrected with a reason while the member has not
 * opened them: checked like a fulfilment, confirmed, then mailed again.
 */
function CorrectVouchersForm({
  order,
  onDone,
}: {
  order: StaffOrder;
  onDone: (o: StaffOrder) => void;
}) {
  const [errors, setErrors] = useState<{ vouchers?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState<{ codes: string[]; reason: string } | null>(null);
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const correct = useMutation({
    mutationFn: (input: { codes: string[]; reason: string }) =>
      staffCall<StaffOrder>('POST', `/s2c/staff/v1/orders/${order.id}/vouchers`, {
        vouchers: input.codes.join('\n'),
        reason: input.reason,
      }),
    onSuccess: (answer) => {
      setConfirming(null);
      onDone(answer);
    },
    onError: (failure) => {
      setConfirming(null);
      setErrors({ vouchers: messageOf(failure, 'vouchers') });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = OrderVoucherCorrectionSchema.safeParse({
      vouchers: formText(data, 'vouchers'),
      reason: formText(data, 'reason'),
    });
    if (!checked.success) {
      const found: { vouchers?: string; reason?: string } = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'reason' ? 'reason' : 'vouchers';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    if (checked.data.vouchers.length !== items) {
      setErrors({ vouchers: codeCountError(items, checked.data.vouchers.length) });
      return;
    }
    setErrors({});
    setConfirming({ codes: checked.data.vouchers, reason: checked.data.reason });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="correct-title">
      <h3 id="correct-title">Correct the codes</h3>
      <p className="hint">
        The member has not opened the codes yet: correct them and they are mailed again.
      </p>
      <div className="field">
        <label htmlFor="correct-vouchers">Corrected codes, one a line</label>
        <textarea
          id="correct-vouchers"
          name="vouchers"
          rows={Math.min(10, Math.max(2, items))}
          defaultValue={order.vouchers.join('\n')}
          aria-invalid={errors.vouchers ? true : undefined}
          aria-describedby={errors.vouchers ? 'correct-vouchers-error' : undefined}
        />
        {errors.vouchers && (
          <p id="correct-vouchers-error" className="field-error">
            {errors.vouchers}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="correct-reason">Why (kept in the audit log)</label>
        <input
          id="correct-reason"
          name="reason"
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'correct-reason-error' : undefined}
        />
        {errors.reason && (
          <p id="correct-reason-error" className="field-error">
            {errors.reason}
          </p>
        )}
      </div>
      <button type="submit" aria-haspopup="dialog">
        Review the correction
      </button>
      <Dialog
        title={`Send the corrected codes of order ${order.id}?`}
        open={confirming !== null}
        onClose={() => setConfirming(null)}
      >
        <p>
          Member {order.member.number} ({order.member.email}) is mailed these codes instead of{' '}
          {order.vouchers.join(', ')}:
        </p>
        <ul aria-label="Corrected codes">
          {(confirming?.codes ?? []).map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <div className="toolbar">
          <button
            type="button"
            disabled={correct.isPending}
            aria-busy={correct.isPending}
            onClick={() => confirming !== null && correct.mutate(confirming)}
          >
            Send the corrected codes
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(null)}>
            Check the codes again
          </button>
        </div>
      </Dialog>
    </form>
  );
}

/** The server's words for a count of codes that does not match the gifts (fulfil-cli.ts). */
export function codeCountError(gifts: number, given: number): string {
  return `This order holds ${countOf(gifts, 'gift', 'gifts')}: give ${countOf(gifts, 'code', 'codes')} (${given} given), or none for gifts sent without a code.`;
}

function RefundButton({ order, onDone }: { order: StaffOrder; onDone: (o: StaffOrder) => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const refund = useMutation({
    mutationFn: (reason: string) =>
      staffCall<StaffOrder>('POST', `/s2c/staff/v1/orders/${order.id}/refund`, { reason }),
    onSuccess: (answer) => {
      setOpen(false);
      onDone(answer);
    },
    onError: (failure) => setError(messageOf(failure, 'reason')),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = formText(new FormData(event.currentTarget), 'reason');
    const checked = OrderRefundSchema.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    refund.mutate(checked.data.reason);
  };
  return (
    <>
      <button type="button" className="danger" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Cancel and refund
      </button>
      <Dialog
        title={`Cancel order ${order.id} and refund it`}
        open={open}
        onClose={() => setOpen(false)}
      >
        <form onSubmit={submit} noValidate>
          <p>
            {order.points} points go back to member {order.member.number}. The member sees your
            reason.
          </p>
          <div className="field">
            <label htmlFor="refund-reason">Reason</label>
            <input
              id="refund-reason"
              name="reason"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'refund-error' : undefined}
            />
            {error && (
              <p id="refund-error" className="field-error">
                {error}
              </p>
            )}
          </div>
          <div className="toolbar">
            <button
              type="submit"
              className="danger"
              disabled={refund.isPending}
              aria-busy={refund.isPending}
            >
              Refund the order
            </button>
            <button type="button" className="secondary" onClick={() => setOpen(false)}>
              Keep the order
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

function RetryButton({ order, onDone }: { order: StaffOrder; onDone: (o: StaffOrder) => void }) {
  const [error, setError] = useState<string | undefined>();
  const retry = useMutation({
    mutationFn: () => staffCall<StaffOrder>('POST', `/s2c/staff/v1/orders/${order.id}/retry`),
    onSuccess: onDone,
    onError: (failure) => setError(messageOf(failure, 'order')),
  });
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() => retry.mutate()}
        disabled={retry.isPending}
        aria-busy={retry.isPending}
      >
        Send to the provider again now
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </>
  );
}
