import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { memberStateWords } from '@club/contract/staff-member-rules';
import { usePageTitle } from '../../../lib/page-title';
import { countryName } from '../../../lib/names';
import { downloadFile, StaffApiError } from '../../../lib/staff-api';
import { useStaff } from '../../../lib/staff-session';
import { Field } from '../../../lib/ui/field';
import { memberExportPath } from '../api/bulk-adjustments';
import { stateLabels } from './member-words';

const pointsPattern = /^-?\d{1,9}$/;
const memberStates = Object.keys(memberStateWords) as (keyof typeof memberStateWords)[];

/**
 * The member export (managers and admins): the members of a country, or of
 * every country the staff member works in, by state and available points,
 * as a CSV file a spreadsheet opens. The export is audited.
 */
export function MemberExport() {
  usePageTitle('Export members');
  const staff = useStaff();
  const [country, setCountry] = useState(staff.countries.length === 1 ? staff.countries[0]! : '');
  const [state, setState] = useState('');
  const [minPoints, setMinPoints] = useState('');
  const [maxPoints, setMaxPoints] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const countryId = useId();
  const stateId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setFailure(null);
    const found: Record<string, string> = {};
    if (country !== '' && !/^[a-z]{2}$/.test(country)) found.country = 'A two-letter country code';
    if (minPoints !== '' && !pointsPattern.test(minPoints.trim()))
      found.minPoints = 'Whole points, or empty';
    if (maxPoints !== '' && !pointsPattern.test(maxPoints.trim()))
      found.maxPoints = 'Whole points, or empty';
    if (
      found.minPoints === undefined &&
      found.maxPoints === undefined &&
      minPoints !== '' &&
      maxPoints !== '' &&
      Number(minPoints) > Number(maxPoints)
    )
      found.maxPoints = 'At most must not be below at least';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadFile(
        memberExportPath({
          country,
          state: state as '',
          minPoints: minPoints.trim(),
          maxPoints: maxPoints.trim(),
        }),
        `members-${country || 'all'}-${day}.csv`,
      );
      setDone(true);
    } catch (error) {
      setFailure(
        error instanceof StaffApiError && error.status === 403
          ? 'Your role does not export members.'
          : error instanceof StaffApiError && error.status === 404
            ? 'You do not work in that country.'
            : 'The export failed. Try again in a moment.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        <Link to="..">Back to the member search</Link>
      </p>
      <h1>Export members</h1>
      <p>
        The members who match, as a CSV file: number, name, email, country, language, state, office
        ID, registration and available points. At most 100,000 members a file. The export is kept in
        the audit log.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="member-export">
        {staff.role === 'admin' ? (
          <Field
            label="Country"
            error={errors.country}
            hint="Two-letter code; empty for every country."
          >
            {(control) => (
              <input
                {...control}
                value={country}
                maxLength={2}
                onChange={(event) => setCountry(event.target.value.trim().toLowerCase())}
              />
            )}
          </Field>
        ) : (
          <div className="field">
            <label htmlFor={countryId}>Country</label>
            <select
              id={countryId}
              value={country}
              onChange={(event) => setCountry(event.target.value)}
            >
              <option value="">All my countries</option>
              {staff.countries.map((code) => (
                <option key={code} value={code}>
                  {countryName(code)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={stateId}>State</label>
          <select id={stateId} value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">Any state</option>
            {memberStates.map((value) => (
              <option key={value} value={value}>
                {stateLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <Field label="Available points, at least" error={errors.minPoints}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={minPoints}
              onChange={(event) => setMinPoints(event.target.value)}
            />
          )}
        </Field>
        <Field label="Available points, at most" error={errors.maxPoints}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={maxPoints}
              onChange={(event) => setMaxPoints(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={busy} aria-busy={busy}>
          Download CSV
        </button>
      </form>
      {done && (
        <p role="status" className="success">
          The export is downloaded.
        </p>
      )}
      {failure !== null && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </>
  );
}
