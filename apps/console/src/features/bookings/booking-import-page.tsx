import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { StaffApiError } from '../../lib/staff-api';
import { useBackToList } from '../../lib/list-return';
import { usePageTitle } from '../../lib/page-title';
import { importQuery } from './bookings-api';
import { ImportResult, sourceText, timeText } from './import-result';

/** One booking import of the history: who, when, which file, its summary and rejected lines. */
export function BookingImportPage() {
  const { id = '' } = useParams();
  usePageTitle(`Booking import ${id}`);
  const found = useQuery(importQuery(id));
  const back = useBackToList('../..');
  return (
    <>
      <p>
        <Link to={back}>Back to the bookings</Link>
      </p>
      <h1>Booking import {id}</h1>
      {found.isPending && <p role="status">Loading…</p>}
      {found.isError && (
        <p className="form-error" role="alert">
          {found.error instanceof StaffApiError && found.error.status === 404
            ? 'There is no such import among yours.'
            : 'The import could not be loaded. Try again.'}
        </p>
      )}
      {found.data !== undefined && (
        <>
          <p>
            {sourceText(found.data.source)} of {found.data.fileName} by {found.data.actor},{' '}
            {timeText(found.data.startedAt)}.
          </p>
          <ImportResult result={found.data} />
        </>
      )}
    </>
  );
}
