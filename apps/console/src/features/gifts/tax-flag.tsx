import { formText } from '../../lib/form-text';
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxInformation } from '@club/contract/staff-gifts';
import { staffCall } from '../../lib/staff-api';
import { usePageTitle } from '../../lib/page-title';
import { hasRole, useStaff } from '../../lib/staff-session';
import { taxQuery } from './gifts-api';
import { formatMoment } from '../../lib/english-format';

/** A member's tax information by member number: ordering gifts needs it verified. */
export function TaxFlag() {
  usePageTitle('Tax information');
  const staff = useStaff();
  const client = useQueryClient();
  const [number, setNumber] = useState('');
  const [failed, setFailed] = useState(false);
  const member = useQuery(taxQuery(number));
  const change = useMutation({
    mutationFn: (values: { taxOk: 'on' | 'off'; reason: string }) =>
      staffCall<TaxInformation>('PUT', `/s2c/staff/v1/tax-information/${number}`, values),
    onSuccess: (answer) => {
      setFailed(false);
      client.setQueryData(taxQuery(number).queryKey, answer);
    },
    onError: () => setFailed(true),
  });
  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNumber(formText(new FormData(event.currentTarget), 'number').trim());
  };
  const set = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    change.mutate({
      taxOk: member.data?.taxOk ? 'off' : 'on',
      reason: formText(form, 'reason'),
    });
  };
  return (
    <>
      <h1>Tax information</h1>
      <form className="toolbar" onSubmit={find}>
        <div className="field">
          <label htmlFor="tax-number">Member number</label>
          <input id="tax-number" name="number" inputMode="numeric" defaultValue={number} />
        </div>
        <button type="submit">Find</button>
      </form>
      {member.isError && (
        <p role="alert" className="form-error">
          No member {number} in your countries.
        </p>
      )}
      {member.data && (
        <section aria-labelledby="tax-member">
          <h2 id="tax-member">
            Member {member.data.number}: {member.data.firstName} {member.data.lastName} (
            {member.data.countryCode.toUpperCase()})
          </h2>
          <p role="status">
            Tax information: <strong>{member.data.taxOk ? 'verified' : 'not verified'}</strong>
            {member.data.verifiedAt ? ` (since ${formatMoment(member.data.verifiedAt)})` : ''}
          </p>
          {failed && (
            <p role="alert" className="form-error">
              The change failed. Try again.
            </p>
          )}
          {hasRole(staff, ['admin', 'manager']) && (
            <form onSubmit={set}>
              <div className="field">
                <label htmlFor="tax-reason">Reason (kept in the audit log)</label>
                <input id="tax-reason" name="reason" />
              </div>
              <button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
                {member.data.taxOk ? 'Mark as not verified' : 'Mark as verified'}
              </button>
            </form>
          )}
        </section>
      )}
    </>
  );
}
