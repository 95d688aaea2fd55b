import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { officeDirectoryMaxBytes, type OfficeImportReport } from '@club/contract/staff-offices';
import { Field } from '../../lib/ui/field';
import { StaffApiError } from '../../lib/staff-api';
import { usePageTitle } from '../../lib/page-title';
import { importOfficeDirectory } from './offices-api';

/** Uploading an office directory file (one country, the format of `content/offices/{country}.json`). */
export function OfficeImport() {
  usePageTitle('Import an office directory file');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const upload = useMutation({
    mutationFn: async (chosen: File) => importOfficeDirectory(await chosen.text(), chosen.name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['offices'] }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file === null) return setFileError('Choose an office directory file');
    if (file.size > officeDirectoryMaxBytes) {
      return setFileError(`The file is larger than ${officeDirectoryMaxBytes / 1024 / 1024} MB`);
    }
    setFileError(undefined);
    upload.mutate(file);
  };
  const serverMessage =
    upload.error instanceof StaffApiError
      ? (upload.error.fieldMessage('file') ??
        (upload.error.status === 404
          ? "The file's country is not one of yours."
          : 'The file could not be imported.'))
      : upload.isError
        ? 'The file could not be imported.'
        : undefined;

  return (
    <>
      <p>
        <Link to="..">Offices</Link>
      </p>
      <h1>Import an office directory file</h1>
      <p>
        One country&rsquo;s offices, in the format of the offices directory files. Each office is
        checked on its own: the valid ones are applied together, the others listed with why. Offices
        missing from the file are kept.
      </p>
      <form onSubmit={submit} noValidate>
        <Field label="Office directory file (JSON)" error={fileError ?? serverMessage}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".json,application/json"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        <button type="submit" disabled={upload.isPending} aria-busy={upload.isPending}>
          Import the file
        </button>
      </form>
      <div aria-live="polite">
        {upload.data !== undefined && <ImportReport report={upload.data} />}
      </div>
    </>
  );
}

function ImportReport({ report }: { report: OfficeImportReport }) {
  return (
    <section aria-labelledby="import-report">
      <h2 id="import-report">What the import did</h2>
      <p className="success" role="status">
        {report.entries} offices read for {report.countryCode.toUpperCase()}: {report.added.length}{' '}
        added, {report.changed.length} changed, {report.unchanged} unchanged,{' '}
        {report.rejected.length} refused.
        {report.directAccessMembers > 0 &&
          ` ${report.directAccessMembers} members of offices that turned to direct sales are now direct-access users.`}
      </p>
      {report.added.length > 0 && (
        <>
          <h3>Added</h3>
          <ul className="office-id-list">
            {report.added.map((officeId) => (
              <li key={officeId}>
                <Link to={`../${officeId}`}>{officeId}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {report.changed.length > 0 && (
        <div className="table-scroll">
          <table>
            <caption>Changed offices</caption>
            <thead>
              <tr>
                <th scope="col">Office ID</th>
                <th scope="col">What changed</th>
              </tr>
            </thead>
            <tbody>
              {report.changed.map((change) => (
                <tr key={change.officeId}>
                  <th scope="row">
                    <Link to={`../${change.officeId}`}>{change.officeId}</Link>
                  </th>
                  <td>
                    {change.changes
                      .map(
                        ({ field, before, after }) =>
                          `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
                      )
                      .join('; ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.rejected.length > 0 && (
        <div className="table-scroll">
          <table>
            <caption>Refused entries</caption>
            <thead>
              <tr>
                <th scope="col">Entry</th>
                <th scope="col">Office ID</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {report.rejected.map((refused) => (
                <tr key={refused.entry}>
                  <th scope="row">{refused.entry}</th>
                  <td>{refused.officeId ?? '—'}</td>
                  <td>{refused.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
