import { useState, type FormEvent } from 'react';
import { MEMBER_ACTION_REASON_MAX } from '@club/contract/staff-member-rules';
import { StaffApiError } from '../../../lib/staff-api';
import { Dialog } from '../../../lib/ui/dialog';
import { Field } from '../../../lib/ui/field';
import type { MemberAction } from './member-action-list';

type ActionDialogProps = {
  action: MemberAction | null;
  number: string;
  onClose: () => void;
  /** Runs the action with the reason (null when left out); throws to keep the dialog open. */
  onConfirm: (action: MemberAction, reason: string | null) => Promise<void>;
};

/** What a refusal says: the server's message for the member or the reason, else a general one. */
function refusalOf(error: unknown): { reason?: string; form: string } {
  if (error instanceof StaffApiError) {
    const reason = error.fieldMessage('reason');
    if (reason !== undefined) return { reason, form: 'Check the reason.' };
    const member = error.fieldMessage('member');
    if (member !== undefined) return { form: member };
    if (error.status === 403) return { form: 'Your role may not do this.' };
    if (error.status === 404) return { form: 'This member is not in your countries.' };
  }
  return { form: 'That did not work. Try again.' };
}

/** Confirms one member action, with its reason field (required where accounts move). */
export function ActionDialog({ action, number, onClose, onConfirm }: ActionDialogProps) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setReason('');
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (action === null) return;
    setBusy(true);
    setErrors({});
    try {
      // The reason's rules (and the schema library) load at the first confirmation, not with the member view.
      const { OptionalReasonSchema, ReasonSchema } =
        await import('@club/contract/staff-member-actions');
      const checked = (action.reasonRequired ? ReasonSchema : OptionalReasonSchema).safeParse(
        reason,
      );
      if (!checked.success) {
        setErrors({ reason: checked.error.issues[0]?.message ?? 'Give a reason' });
        return;
      }
      await onConfirm(action, checked.data);
      setReason('');
    } catch (error) {
      setErrors(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };

  const withReason = action !== null && action.path !== undefined;
  return (
    <Dialog
      title={action === null ? '' : `${action.label}: member ${number}`}
      open={action !== null}
      onClose={close}
    >
      {action !== null && (
        <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
          <p>{action.explanation}</p>
          {withReason && (
            <Field
              label={action.reasonRequired ? 'Reason' : 'Reason (optional)'}
              error={errors.reason}
              hint="Kept in the audit log."
            >
              {(control) => (
                <textarea
                  {...control}
                  name="reason"
                  rows={3}
                  maxLength={MEMBER_ACTION_REASON_MAX}
                  required={action.reasonRequired}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </Field>
          )}
          {errors.form !== undefined && (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          )}
          <div className="dialog-buttons">
            <button
              type="submit"
              className={action.danger === true ? 'danger' : undefined}
              disabled={busy}
            >
              {action.label}
            </button>
            <button type="button" className="secondary" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
