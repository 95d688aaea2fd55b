import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUDIT_COUNT_CAP,
  AuditFilterSchema,
  type AuditActions,
  type AuditEntry,
  type AuditPage,
} from '@club/contract/staff-audit';
import { downloadFile, queryString, staffCall } from '../../lib/staff-api';
import { usePageTitle } from '../../lib/page-title';
import { Field, TextField } from '../../lib/ui/field';
import { ListTable, type ListColumn } from '../../lib/ui/list-table';
import { Pager } from '../../lib/ui/pager';
import { AuditTarget, auditTargetKinds } from './audit-target';
import { changedFields } from './audit-changes';
import './audit.css';
import { formatMoment } from '../../lib/english-format';

const filterNames = ['staff', 'member', 'action', 'targetType', 'target', 'from', 'to'] as const;
type FilterValues = Record<(typeof filterNames)[number], string>;
const pageSize = 25;

/**
 * The audit log, newest first: filters in the address (a filtered view can be
 * shared), the list with each entry's changed fields, paging and CSV export.
 */
export default function AuditScreen() {
  usePageTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(
    filterNames.map((name) => [name, params.get(name) ?? '']),
  ) as FilterValues;
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [exportFailed, setExportFailed] = useState(false);

  const entries = useQuery({
    queryKey: ['audit', filter, page],
    queryFn: () =>
      staffCall<AuditPage>(
        'GET',
        `/s2c/staff/v1/audit${queryString({ ...filter, page, pageSize })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const actions = useQuery({
    queryKey: ['audit-actions'],
    queryFn: () => staffCall<AuditActions>('GET', '/s2c/staff/v1/audit/actions'),
  });

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FilterValues>({
    values: filter,
    resolver: zodResolver(AuditFilterSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<FilterValues>,
  });
  const onSubmit = handleSubmit((values) => {
    const next = new URLSearchParams();
    for (const name of filterNames)
      if (values[name].trim() !== '') next.set(name, values[name].trim());
    setParams(next);
  });

  const exportCsv = () => {
    setExportFailed(false);
    const day = new Date().toISOString().slice(0, 10);
    downloadFile(`/s2c/staff/v1/audit.csv${queryString(filter)}`, `audit-${day}.csv`).catch(() =>
      setExportFailed(true),
    );
  };

  return (
    <>
      <h1>Audit log</h1>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Filter the audit log">
        <div className="toolbar">
          <TextField
            label="Staff"
            hint="Email, or command-line (user)"
            error={errors.staff?.message}
            {...register('staff')}
          />
          <TextField
            label="Member number"
            inputMode="numeric"
            error={errors.member?.message}
            {...register('member')}
          />
          <Field label="Action" error={errors.action?.message}>
            {(control) => (
              <select {...control} {...register('action')}>
                <option value="">Any action</option>
                {(actions.data?.actions ?? []).map((action) => (
                  <option key={action} value={action}>
                    {action}
                  </option>
                ))}
                {/* An action from the address that the list does not hold (yet) stays choosable. */}
                {filter.action !== '' && !(actions.data?.actions ?? []).includes(filter.action) && (
                  <option value={filter.action}>{filter.action}</option>
                )}
              </select>
            )}
          </Field>
          <Field label="Kind of target" error={errors.targetType?.message}>
            {(control) => (
              <select {...control} {...register('targetType')}>
                <option value="">Any kind</option>
                {auditTargetKinds.map(([kind, label]) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
                {filter.targetType !== '' &&
                  !auditTargetKinds.some(([kind]) => kind === filter.targetType) && (
                    <option value={filter.targetType}>{filter.targetType}</option>
                  )}
              </select>
            )}
          </Field>
          <TextField
            label="Target"
            hint="Its key: an order number, a staff email, a gift number, …"
            error={errors.target?.message}
            {...register('target')}
          />
          <TextField label="From" type="date" error={errors.from?.message} {...register('from')} />
          <TextField label="To" type="date" error={errors.to?.message} {...register('to')} />
          <button type="submit">Filter</button>
          <button
            type="button"
            className="secondary"
            onClick={() => setParams(new URLSearchParams())}
          >
            Clear filters
          </button>
          <button type="button" className="secondary" onClick={exportCsv}>
            Export as CSV
          </button>
        </div>
        <p className="hint">Dates count whole days in UTC.</p>
      </form>
      {exportFailed && (
        <p role="alert" className="form-error">
          The export failed. Try again.
        </p>
      )}
      {entries.isError ? (
        <p role="alert" className="form-error">
          The audit log could not be loaded with these filters.
        </p>
      ) : entries.data === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          {entries.data.totalCapped && (
            <p role="status" className="notice">
              More than {AUDIT_COUNT_CAP.toLocaleString('en')} entries match: the newest{' '}
              {AUDIT_COUNT_CAP.toLocaleString('en')} can be paged through. Narrow the filters (the
              dates) to see older ones.
            </p>
          )}
          {/* Focusable: a wide table scrolls sideways with the keyboard too. */}
          <ListTable
            className="audit-entries"
            regionLabel="Audit entries"
            caption={
              <>
                Audit entries, newest first (
                {entries.data.totalCapped
                  ? `more than ${AUDIT_COUNT_CAP.toLocaleString('en')} entries`
                  : `${entries.data.total} ${entries.data.total === 1 ? 'entry' : 'entries'}`}
                )
              </>
            }
            columns={entryColumns}
            rows={entries.data.items}
            rowKey={(entry) => entry.id}
            empty="No entries match these filters."
            busy={entries.isFetching}
          />
          <Pager
            page={page}
            pageSize={pageSize}
            total={entries.data.total}
            label="Audit entries"
            onPage={(next) => {
              const moved = new URLSearchParams(params);
              moved.set('page', String(next));
              setParams(moved);
            }}
          />
        </>
      )}
    </>
  );
}

/** An entry: when, who, what, on what, and its changes as a readable before and after. */
const entryColumns: ListColumn<AuditEntry>[] = [
  { header: 'Time', cell: (entry) => <time dateTime={entry.at}>{formatMoment(entry.at)}</time> },
  { header: 'Staff', cell: (entry) => entry.staff },
  { header: 'Action', cell: (entry) => entry.action },
  {
    header: 'Target',
    cell: (entry) => <AuditTarget targetType={entry.targetType} target={entry.target} />,
  },
  { header: 'Country', cell: (entry) => entry.countryCode?.toUpperCase() ?? '' },
  { header: 'Reason', cell: (entry) => entry.reason ?? '' },
  { header: 'Changes', cell: (entry) => <EntryChanges entry={entry} /> },
];

function EntryChanges({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry.before, entry.after, entry.targetType);
  if (changes.length === 0) return null;
  return (
    <dl className="audit-changes">
      {changes.map((change) => (
        <div key={change.field}>
          <dt>{change.label}</dt>
          <dd>
            {change.before === null ? '' : <del>{change.before}</del>}
            {change.before !== null && change.after !== null && ' → '}
            {change.after === null ? '' : <ins>{change.after}</ins>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
