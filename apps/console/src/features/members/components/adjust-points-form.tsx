import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ADJUSTMENT_REASON_MAX } from '@club/contract/staff-member-rules';
import type { PointAdjustmentSchema } from '@club/contract/staff-members';
import { StaffApiError } from '../../../lib/staff-api';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { Dialog } from '../../../lib/ui/dialog';
import { Field } from '../../../lib/ui/field';
import { loadedOnFirstCall } from '@club/contract/loaded-on-first-call';
import { useAdjustPoints } from '../api/adjust-points';
import { formatPoints } from './member-words';

type FormInput = z.input<typeof PointAdjustmentSchema>;
type Adjustment = z.output<typeof PointAdjustmentSchema>;

/** The schema library and the adjustment's rules load at the first validation, not with the member view. */
const adjustPointsResolver: Resolver<FormInput, unknown, Adjustment> = loadedOnFirstCall(() =>
  import('./adjust-points-rules').then((module) => module.adjustPointsResolver),
);

type AdjustPointsFormProps = {
  number: string;
  memberName: string;
  available: number;
  /** What the staff member may still adjust for this member today (support); null: no limit. */
  limit: number | null;
};

/**
 * Credit (positive) or debit (negative) points with a reason the member will
 * read; a dialog confirms the change and the balance after it.
 */
export function AdjustPointsForm({ number, memberName, available, limit }: AdjustPointsFormProps) {
  const adjust = useAdjustPoints(number);
  const [pending, setPending] = useState<Adjustment | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, Adjustment>({
    resolver: adjustPointsResolver,
    defaultValues: { points: '', reason: '' },
  });
  const [points, reason] = useWatch({ control, name: ['points', 'reason'] });
  // Typed and not yet confirmed: leaving asks first (a confirmed adjustment resets the form).
  useUnsavedChanges(
    typeof points === 'number' ||
      (typeof points === 'string' && points !== '') ||
      (reason ?? '') !== '',
  );
  const typed = Number(points);
  const after = Number.isInteger(typed) && typed !== 0 ? available + typed : null;

  const review = handleSubmit((values) => {
    setDone(null);
    setFailure(null);
    // The server refuses it too (in the same words); asking first saves a round trip and a dialog.
    if (values.points < 0 && -values.points > available) {
      setError('points', {
        message: `The member has ${formatPoints(available)} points available: a debit cannot take more`,
      });
      return;
    }
    if (limit !== null && Math.abs(values.points) > limit) {
      setError('points', {
        message: `You can adjust at most ${formatPoints(limit)} more points for this member today`,
      });
      return;
    }
    setPending(values);
  });

  const confirm = async () => {
    if (pending === null) return;
    try {
      const entry = await adjust.mutateAsync(pending);
      setPending(null);
      reset();
      const verb = entry.amount > 0 ? 'credited to' : 'debited from';
      setDone(
        `${formatPoints(Math.abs(entry.amount))} points ${verb} ${memberName}. Available now: ${formatPoints(available + entry.amount)}.`,
      );
    } catch (error) {
      setPending(null);
      const message = error instanceof StaffApiError ? error.fieldMessage('points') : undefined;
      if (error instanceof StaffApiError && error.status === 400 && message !== undefined) {
        setError('points', { message });
      } else if (error instanceof StaffApiError && error.status === 403) {
        setFailure(message ?? 'Your role may not make this adjustment.');
      } else {
        setFailure('The adjustment was not saved. Try again in a moment.');
      }
    }
  };

  return (
    <section aria-labelledby="adjust-heading" className="member-section">
      <h2 id="adjust-heading">Adjust points</h2>
      {done !== null && (
        <p role="status" className="success">
          {done}
        </p>
      )}
      {failure !== null && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <form onSubmit={(event) => void review(event)} noValidate className="adjust-form">
        <Field
          label="Points"
          error={errors.points?.message}
          hint={
            <>
              Positive to credit, negative to debit (at most the {formatPoints(available)} points
              available).
              {limit !== null &&
                ` Your limit: ${formatPoints(limit)} more points for this member today (credits and debits alike).`}
            </>
          }
        >
          {(control) => <input {...control} inputMode="numeric" {...register('points')} />}
        </Field>
        <Field
          label="Reason"
          error={errors.reason?.message}
          hint={`The member sees it on their points page. At most ${ADJUSTMENT_REASON_MAX} characters.`}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={ADJUSTMENT_REASON_MAX}
              {...register('reason')}
            />
          )}
        </Field>
        <p aria-live="polite" className="balance-after">
          {after === null
            ? `Available now: ${formatPoints(available)}`
            : `Available after: ${formatPoints(after)}`}
        </p>
        <button type="submit">Review adjustment</button>
      </form>
      <Dialog
        title="Confirm the adjustment"
        open={pending !== null}
        onClose={() => setPending(null)}
      >
        {pending !== null && (
          <>
            <p>
              {pending.points > 0 ? 'Credit' : 'Debit'}{' '}
              <strong>{formatPoints(Math.abs(pending.points))} points</strong>{' '}
              {pending.points > 0 ? 'to' : 'from'} {memberName} ({number})?
            </p>
            <dl className="facts">
              <dt>Reason</dt>
              <dd>{pending.reason}</dd>
              <dt>Available after</dt>
              <dd>{formatPoints(available + pending.points)}</dd>
            </dl>
            <div className="toolbar">
              <button
                type="button"
                onClick={() => void confirm()}
                disabled={adjust.isPending}
                aria-busy={adjust.isPending}
              >
                Confirm adjustment
              </button>
              <button type="button" className="secondary" onClick={() => setPending(null)}>
                Cancel
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
