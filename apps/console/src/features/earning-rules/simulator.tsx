import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { earnedText, type Simulation } from '@club/contract/earning-rules';
import { StaffApiError, staffCall } from '../../lib/staff-api';
import { Field } from '../../lib/ui/field';
import { kindNames } from './rule-words';

const statusNames = { PD: 'Pending', OK: 'Flown or used', XX: 'Cancelled' } as const;

/** Paste a booking record: what each segment earns under the rules, and which rules apply. */
export function Simulator({ country }: { country: string }) {
  const [record, setRecord] = useState('');
  const [pnr, setPnr] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const simulate = useMutation({
    mutationFn: () =>
      staffCall<Simulation>(
        'POST',
        '/s2c/staff/v1/earning-rules/simulate',
        pnr.trim() === '' ? { record, country } : { pnr },
        { json: true },
      ),
    onSuccess: () => setError(undefined),
    onError: (failure) =>
      setError(
        failure instanceof StaffApiError
          ? (failure.fieldMessage('record') ??
              failure.fieldMessage('pnr') ??
              (failure.status === 404
                ? 'No booking of your countries has this PNR, or the record is of another country.'
                : 'The simulation failed. Try again.'))
          : 'The simulation failed. Try again.',
      ),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ((record.trim() === '') === (pnr.trim() === '')) {
      setError(
        'Paste one booking record (a JSON line of the booking queue), or give the PNR of an imported booking',
      );
      return;
    }
    simulate.mutate();
  };
  const result = error === undefined ? simulate.data : undefined;
  return (
    <section aria-labelledby="rules-simulator" className="rules-simulator">
      <h2 id="rules-simulator">Simulator</h2>
      <form onSubmit={submit} noValidate>
        <Field
          label="Booking record (one line of the booking queue)"
          error={error}
          hint="Nothing is stored: the record is worked out under today’s rules."
        >
          {(control) => (
            <textarea
              {...control}
              dir="ltr"
              rows={6}
              value={record}
              onChange={(event) => setRecord(event.target.value)}
            />
          )}
        </Field>
        <Field label="Or the PNR of an imported booking">
          {(control) => (
            <input
              {...control}
              dir="ltr"
              size={10}
              value={pnr}
              onChange={(event) => setPnr(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={simulate.isPending} aria-busy={simulate.isPending}>
          Simulate
        </button>
      </form>
      <div aria-live="polite">
        {result !== undefined && (
          <div className="table-scroll">
            <table>
              <caption>
                PNR <bdi dir="ltr">{result.pnr}</bdi> ({result.country.toUpperCase()}, booked on{' '}
                {result.createdOn}) would earn {result.total} points
              </caption>
              <thead>
                <tr>
                  <th scope="col">Segment</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Travel date</th>
                  <th scope="col">Status</th>
                  <th scope="col">Points</th>
                  <th scope="col">Rules</th>
                </tr>
              </thead>
              <tbody>
                {result.segments.map((segment) => (
                  <tr key={segment.segmentId}>
                    <th scope="row">
                      <bdi dir="ltr">{segment.segmentId}</bdi>
                    </th>
                    <td>{kindNames[segment.kind]}</td>
                    <td>{segment.serviceDate}</td>
                    <td>{statusNames[segment.status]}</td>
                    <td>{segment.points}</td>
                    <td>
                      {segment.status === 'XX' ? '—' : earnedText(segment.kind, segment.rules)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
