import { useId, useState, type ReactNode } from 'react';

/**
 * One report: its heading, the chart as an image with a summary for screen
 * readers (`role="img"`, `aria-label`), a "Show as table" toggle
 * (`aria-expanded`) that reveals the real table, and its CSV download.
 */
export function ReportPanel({
  title,
  summary,
  status,
  chart,
  legend,
  table,
  onDownload,
}: {
  title: string;
  /** The chart in a sentence: its accessible name. */
  summary: string;
  /** While loading or failing: said instead of the chart. */
  status?: ReactNode;
  chart: ReactNode;
  legend?: ReactNode;
  table: ReactNode;
  onDownload: () => Promise<void>;
}) {
  const headingId = useId();
  const tableId = useId();
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setDownloading(true);
    setFailed(false);
    try {
      await onDownload();
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section className="report-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {status ?? (
        <>
          <div className="report-chart" role="img" aria-label={summary}>
            {chart}
          </div>
          {legend}
          <div className="toolbar">
            <button
              type="button"
              className="secondary"
              aria-expanded={open}
              aria-controls={tableId}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? 'Hide the table' : 'Show as table'}
            </button>
            <button
              type="button"
              className="secondary"
              aria-busy={downloading}
              disabled={downloading}
              onClick={() => void download()}
            >
              Download CSV
              <span className="visually-hidden"> of {title.toLowerCase()}</span>
            </button>
          </div>
          {failed && (
            <p className="form-error" role="alert">
              The download did not work. Try again.
            </p>
          )}
          {/* Focusable: a table wider than its panel scrolls sideways with the keyboard too. */}
          <div
            id={tableId}
            className="table-scroll"
            role="region"
            aria-label={`${title}: table`}
            tabIndex={0}
            hidden={!open}
          >
            {table}
          </div>
        </>
      )}
    </section>
  );
}
