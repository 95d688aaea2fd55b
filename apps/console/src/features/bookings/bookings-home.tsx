import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useListState } from '../../lib/list-return';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingsUploadMaxBytes } from '@club/contract/staff-bookings';
import { Field } from '../../lib/ui/field';
import { ListTable, type ListColumn } from '../../lib/ui/list-table';
import { Pager } from '../../lib/ui/pager';
import { StaffApiError } from '../../lib/staff-api';
import { usePageTitle } from '../../lib/page-title';
import { hasRole, useStaff } from '../../lib/staff-session';
import { importHistoryQuery, uploadBookings, type UploadProgress } from './bookings-api';
import type { BookingImportPage } from '@club/contract/staff-bookings';
import { ImportResult, sourceText, timeText } from './import-result';

const megabytes = bookingsUploadMaxBytes / 1024 / 1024;

/** The bookings area's first screen: the upload (managers and admins) and the import history. */
export function BookingsHome() {
  usePageTitle('Bookings');
  const staff = useStaff();
  return (
    <>
      <h1>Bookings</h1>
      {hasRole(staff, ['admin', 'manager']) && <BookingsUpload />}
      <ImportHistory />
    </>
  );
}

/** Percent of the file sent, whole. */
export const percentOf = ({ loaded, total }: UploadProgress) =>
  total <= 0 ? 100 : Math.min(100, Math.round((loaded / total) * 100));

function BookingsUpload() {
  const queryClient = useQueryClient();
  const progressId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadBookings(chosen, chosen.name, setProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings', 'imports'] }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file === null) return setFileError('Choose a bookings file');
    if (file.size > bookingsUploadMaxBytes) {
      return setFileError(
        `The file is larger than ${megabytes} MB: import it with npm run bookings:import`,
      );
    }
    setFileError(undefined);
    setProgress({ loaded: 0, total: file.size });
    upload.mutate(file);
  };

  const percent = progress === null ? 0 : percentOf(progress);
  const sent = progress !== null && percent === 100;
  const failure =
    upload.error instanceof StaffApiError
      ? upload.error.status === 413
        ? `The file is larger than ${megabytes} MB: import it with npm run bookings:import`
        : upload.error.status === 403
          ? 'Your role may not upload bookings.'
          : 'The file could not be imported. Try again.'
      : undefined;

  return (
    <section aria-labelledby="upload-bookings">
      <h2 id="upload-bookings">Upload bookings</h2>
      <p>
        A booking-queue file in JSON Lines, one booking per line, at most {megabytes} MB. Bookings
        are stored by the same rules as the queue; lines for members or offices of countries that
        are not yours are refused.
      </p>
      <form onSubmit={submit} noValidate>
        <Field label="Bookings file (JSON Lines)" error={fileError}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".jsonl,.ndjson,.txt,application/x-ndjson"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        <button type="submit" disabled={upload.isPending} aria-busy={upload.isPending}>
          Upload and import
        </button>
      </form>
      {progress !== null && (
        <div className="upload-progress">
          <label htmlFor={progressId}>Upload</label>
          <progress
            id={progressId}
            max={100}
            value={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}% uploaded`}
          />
          <span aria-hidden="true">{percent}%</span>
        </div>
      )}
      <div aria-live="polite">
        {upload.isPending && sent && <p role="status">Uploaded. Importing the bookings…</p>}
        {failure !== undefined && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        {upload.data !== undefined && (
          <section aria-labelledby="upload-result">
            <h3 id="upload-result">
              Imported {upload.data.fileName}:{' '}
              <Link to={`imports/${upload.data.id}`}>import {upload.data.id}</Link>
            </h3>
            <ImportResult result={upload.data} />
          </section>
        )}
      </div>
    </section>
  );
}

/** The history's page lives in the address, so an import's "Back" returns to it. */

/** The history's columns; an import's link carries the page, so Back returns to it. */
const importColumns = (listState: {
  listSearch: string;
}): ListColumn<BookingImportPage['items'][number]>[] => [
  {
    header: 'Import',
    rowHeader: true,
    cell: (item) => (
      <>
        <Link to={`imports/${item.id}`} state={listState}>
          Import {item.id}
        </Link>
        {item.outcome === 'failed' && ' (failed)'}
      </>
    ),
  },
  { header: 'When', cell: (item) => timeText(item.startedAt) },
  { header: 'Who', cell: (item) => item.actor },
  { header: 'How', cell: (item) => sourceText(item.source) },
  { header: 'File', cell: (item) => item.fileName },
  { header: 'Lines', cell: (item) => item.lines },
  { header: 'Accepted', cell: (item) => item.accepted },
  { header: 'Unchanged', cell: (item) => item.unchanged },
  { header: 'Rejected', cell: (item) => item.rejectedCount },
];

function ImportHistory() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page') ?? 1)) || 1);
  const setPage = (next: number) => {
    const moved = new URLSearchParams(params);
    if (next === 1) moved.delete('page');
    else moved.set('page', String(next));
    setParams(moved);
  };
  const listState = useListState();
  const history = useQuery({ ...importHistoryQuery(page), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="import-history">
      <h2 id="import-history">Import history</h2>
      {history.isError && (
        <p className="form-error" role="alert">
          The import history could not be loaded. Try again.
        </p>
      )}
      {history.data !== undefined && (
        <>
          <ListTable
            caption="Booking imports, newest first"
            columns={importColumns(listState)}
            rows={history.data.items}
            rowKey={(item) => item.id}
            busy={history.isFetching}
          />
          <Pager
            page={page - 1}
            pageSize={history.data.pageSize}
            total={history.data.total}
            onPage={(next) => setPage(next + 1)}
            label="Imports"
          />
        </>
      )}
    </section>
  );
}
