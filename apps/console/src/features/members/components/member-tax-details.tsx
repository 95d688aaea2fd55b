import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffTaxDetails, TaxDetailsState } from '@club/contract/tax-details';
import { StaffApiError, staffCall } from '../../../lib/staff-api';
import { hasRole, useStaff } from '../../../lib/staff-session';
import { formatTime } from './member-words';

const stateLabels: Record<TaxDetailsState, string> = {
  none: 'Nothing sent',
  sent: 'Sent, waiting for a decision',
  confirmed: 'Confirmed: ready to order',
  refused: 'Refused',
};

const fieldLabels: Record<string, string> = {
  taxNumber: 'Tax number',
  taxOffice: 'Tax office',
  taxAddress: 'Address registered for tax',
};

const taxDetailsQuery = (number: string) => ({
  queryKey: ['staff-tax-details', number],
  queryFn: () => staffCall<StaffTaxDetails>('GET', `/s2c/staff/v1/members/${number}/tax-details`),
});

/**
 * The tax details a member sent to unlock ordering, in the member view:
 * every field, when they were sent, the decision, who made it and why.
 * Managers of the member's country and admins confirm them (the member may
 * order) or refuse them with the reason the member reads.
 */
export function MemberTaxDetails({ number }: { number: string }) {
  const staff = useStaff();
  const client = useQueryClient();
  const titleId = useId();
  const reasonId = useId();
  const details = useQuery(taxDetailsQuery(number));
  // An answer of another shape (an older server) shows nothing rather than breaking the view.
  const data = Array.isArray(details.data?.fields) ? details.data : undefined;
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (body: { decision: 'confirm' | 'refuse'; reason: string }) =>
      staffCall<StaffTaxDetails>(
        'POST',
        `/s2c/staff/v1/members/${number}/tax-details/decision`,
        body,
      ),
    onSuccess: (answer) => {
      setProblem(null);
      client.setQueryData(taxDetailsQuery(number).queryKey, answer);
    },
    onError: (error) => {
      if (error instanceof StaffApiError && error.status === 409) {
        setProblem('These details were decided already. The view now shows that decision.');
        void details.refetch();
      } else setProblem('The decision could not be saved. Try again.');
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const decision = submitter?.value === 'refuse' ? 'refuse' : 'confirm';
    const given = form.get('reason');
    const reason = typeof given === 'string' ? given.trim() : '';
    if (decision === 'refuse' && reason === '') {
      setProblem('Say why the details are refused: the member reads it.');
      return;
    }
    decide.mutate({ decision, reason });
  };

  return (
    <section aria-labelledby={titleId} className="member-section">
      <h2 id={titleId}>Tax details</h2>
      {details.isPending ? <p role="status">Loading the tax details…</p> : null}
      {details.isError ? (
        <p role="alert" className="form-error">
          The tax details could not be loaded.
        </p>
      ) : null}
      {data ? (
        <>
          <p role="status">
            State: <strong>{stateLabels[data.state]}</strong>
            {data.sentAt ? ` (sent ${formatTime(data.sentAt)})` : ''}
          </p>
          {Object.keys(data.values).length > 0 ? (
            <dl className="member-tax-values">
              {data.fields.map((field) => (
                <div key={field.name}>
                  <dt>{fieldLabels[field.name] ?? field.name}</dt>
                  <dd>{data.values[field.name] || '—'}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {data.decidedAt ? (
            <p>
              Decided by {data.decidedBy ?? 'unknown'} on {formatTime(data.decidedAt)}
              {data.reason ? `: ${data.reason}` : ''}
            </p>
          ) : null}
          {problem ? (
            <p role="alert" className="form-error">
              {problem}
            </p>
          ) : null}
          {data.state === 'sent' && hasRole(staff, ['admin', 'manager']) ? (
            <form onSubmit={submit}>
              <div className="field">
                <label htmlFor={reasonId}>
                  Reason (required to refuse: the member reads it; kept in the audit log)
                </label>
                <textarea id={reasonId} name="reason" maxLength={500} rows={2} />
              </div>
              <div className="toolbar">
                <button type="submit" name="decision" value="confirm" disabled={decide.isPending}>
                  Confirm tax details
                </button>
                <button type="submit" name="decision" value="refuse" disabled={decide.isPending}>
                  Refuse tax details
                </button>
              </div>
            </form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
