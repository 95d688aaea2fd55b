import type { BookingImportDetail } from '@club/contract/staff-bookings';
import { formatMoment } from '../../lib/english-format';

/** A time of the server (ISO) as staff compare them: `2030-04-01 09:00 UTC`. */
export const timeText = formatMoment;

const sourceTexts = {
  console: 'Console upload',
  'command-line': 'Import command',
  'booking-queue': 'Booking queue',
} as const;
export const sourceText = (source: keyof typeof sourceTexts) => sourceTexts[source];

/** An import's summary and every rejected line it kept, with its reason. */
export function ImportResult({ result }: { result: BookingImportDetail }) {
  const { summary } = result;
  const kept = result.rejectedLines.length;
  return (
    <>
      {result.outcome === 'failed' && (
        <p className="form-error" role="alert">
          The import stopped on a database failure. What is counted here was stored; importing the
          same file again finishes it.
        </p>
      )}
      <dl className="import-summary">
        <dt>Lines read</dt>
        <dd>{summary.lines}</dd>
        <dt>Stored as accepted</dt>
        <dd>{summary.accepted}</dd>
        <dt>Of them, PNRs stored before</dt>
        <dd>{summary.updated}</dd>
        <dt>Unchanged</dt>
        <dd>{summary.unchanged}</dd>
        <dt>Rejected lines</dt>
        <dd>{result.rejectedCount}</dd>
        <dt>Segments</dt>
        <dd>{summary.segments}</dd>
      </dl>
      {kept > 0 && (
        <div className="table-scroll">
          <table>
            <caption>
              {kept < result.rejectedCount
                ? `The first ${kept} of ${result.rejectedCount} rejected lines`
                : `Rejected lines (${kept})`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">PNR</th>
                <th scope="col">Reason</th>
                <th scope="col">What is wrong</th>
              </tr>
            </thead>
            <tbody>
              {result.rejectedLines.map((line) => (
                <tr key={line.line}>
                  <th scope="row">{line.line}</th>
                  <td>{line.pnr ?? '—'}</td>
                  <td>{line.reason}</td>
                  <td>{line.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
