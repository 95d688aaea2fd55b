import { formText } from '../../lib/form-text';
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GiftOrderingEditSchema, type GiftOrdering } from '@club/contract/staff-gifts';
import { StaffApiError, staffCall } from '../../lib/staff-api';
import { usePageTitle } from '../../lib/page-title';
import { hasRole, useStaff } from '../../lib/staff-session';
import { CountryPicker } from '../../lib/ui/country-picker';
import { orderingQuery } from './gifts-api';
import { useGiftCountry } from './use-country';

const slots = [0, 1, 2, 3] as const;

/** The ordering windows of a country: the switch, up to four date ranges, and when ordering reopens. */
export function OrderingEditor() {
  usePageTitle('Ordering windows');
  const [country, setCountry] = useGiftCountry();
  const ordering = useQuery(orderingQuery(country));
  return (
    <>
      <h1>Ordering windows</h1>
      <CountryPicker id="gift-country" country={country} onChange={setCountry} />
      {ordering.isPending && <p role="status">Loading…</p>}
      {ordering.isError && (
        <p role="alert" className="form-error">
          {country.toUpperCase()} is not one of your countries.
        </p>
      )}
      {ordering.data && (
        <OrderingForm
          key={`${country}-${JSON.stringify(ordering.data)}`}
          country={country}
          ordering={ordering.data}
        />
      )}
    </>
  );
}

function OrderingForm({ country, ordering }: { country: string; ordering: GiftOrdering }) {
  const staff = useStaff();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: unknown) =>
      staffCall<GiftOrdering>('PUT', `/s2c/staff/v1/gift-ordering/${country}`, body, {
        json: true,
      }),
    onSuccess: (answer) => {
      client.setQueryData(orderingQuery(country).queryKey, answer);
      setSaved(true);
    },
    onError: (failure) =>
      setError(
        failure instanceof StaffApiError && failure.status === 400
          ? 'Check the days: each range needs both days, the first not after the second.'
          : 'The ordering windows could not be saved.',
      ),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const ranges = slots
      .map((slot) => ({
        from: formText(form, `from${slot}`),
        to: formText(form, `to${slot}`),
      }))
      .filter((range) => range.from !== '' || range.to !== '');
    const body = {
      orderDisabled: form.get('orderDisabled') === 'on',
      ranges,
      reopensOn: formText(form, 'reopensOn'),
      reason: formText(form, 'reason'),
    };
    const checked = GiftOrderingEditSchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Check the form.');
      return;
    }
    setError(null);
    save.mutate(body);
  };
  return (
    <form onSubmit={submit} noValidate aria-describedby={error ? 'ordering-error' : undefined}>
      {saved && (
        <p role="status" className="success">
          The ordering windows are saved.
        </p>
      )}
      {error && (
        <p id="ordering-error" role="alert" className="form-error">
          {error}
        </p>
      )}
      <fieldset disabled={!hasRole(staff, ['admin', 'manager'])}>
        <legend>Ordering in {country.toUpperCase()}</legend>
        <div className="field checkbox">
          <input
            id="ordering-off"
            name="orderDisabled"
            type="checkbox"
            defaultChecked={ordering.orderDisabled}
          />
          <label htmlFor="ordering-off">Ordering is off, whatever the days</label>
        </div>
        <p className="hint">
          Ordering is open on the days of these ranges (UTC, inclusive); none: every day.
        </p>
        {slots.map((slot) => (
          <div className="toolbar" key={slot}>
            <div className="field">
              <label htmlFor={`ordering-from-${slot}`}>Range {slot + 1} from</label>
              <input
                id={`ordering-from-${slot}`}
                name={`from${slot}`}
                type="date"
                defaultValue={ordering.ranges[slot]?.from ?? ''}
              />
            </div>
            <div className="field">
              <label htmlFor={`ordering-to-${slot}`}>Range {slot + 1} until</label>
              <input
                id={`ordering-to-${slot}`}
                name={`to${slot}`}
                type="date"
                defaultValue={ordering.ranges[slot]?.to ?? ''}
              />
            </div>
          </div>
        ))}
        <div className="field">
          <label htmlFor="ordering-reopens">
            Ordering reopens on (shown to members while closed)
          </label>
          <input
            id="ordering-reopens"
            name="reopensOn"
            type="date"
            defaultValue={ordering.reopensOn ?? ''}
          />
        </div>
        <div className="field">
          <label htmlFor="ordering-reason">Reason (kept in the audit log)</label>
          <input id="ordering-reason" name="reason" />
        </div>
        <button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          Save the ordering windows
        </button>
      </fieldset>
    </form>
  );
}
