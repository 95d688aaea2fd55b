import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { BULK_FILE_MAX_CHARS } from '@club/contract/staff-bulk-rules';
import { StaffApiError } from '../staff-api';
import { formatNumber } from '../english-format';
import { Dialog } from './dialog';
import { Field } from './field';

/** A line of a bulk file's preview, as the server answers it. */
export type BulkLine = { line: number; outcome: 'ok' | 'refused'; message: string | null };
export type BulkAnswer<L extends BulkLine> = { lines: L[]; ok: number; refused: number };

export type BulkColumn<L> = { header: string; cell: (line: L) => ReactNode };

type BulkFileFlowProps<L extends BulkLine, A extends BulkAnswer<L>> = {
  /** The file field's label. */
  fileLabel: string;
  /** What a line of the file holds. */
  hint: ReactNode;
  preview: (file: string) => Promise<A>;
  apply: (file: string) => Promise<A>;
  /** The preview table's columns between the line number and the outcome. */
  columns: readonly BulkColumn<L>[];
  /** What the file would do, above its lines. */
  summary: (answer: A) => ReactNode;
  /** Why the file cannot be applied though every line is ok (applied already), or null. */
  blocked?: (answer: A) => string | null;
  /** The confirmation dialog's title, text and button. */
  confirmTitle: string;
  confirmText: (answer: A) => ReactNode;
  confirmLabel: string;
  /** Said once the file is applied. */
  done: (answer: A) => string;
};

/** The refusal's file message and lines, when the server sent them (a line changed since the preview). */
function refusalOf<L extends BulkLine>(error: unknown): { message?: string; lines?: L[] } {
  if (!(error instanceof StaffApiError)) return {};
  const data = error.data as { file?: unknown; lines?: unknown } | null | undefined;
  return {
    ...(typeof data?.file === 'string' ? { message: data.file } : {}),
    ...(Array.isArray(data?.lines) ? { lines: data.lines as L[] } : {}),
  };
}

/**
 * A change from a CSV file in three steps: choose the file; check it (the
 * server's preview shows every line's outcome, nothing is written); confirm
 * and apply it, the whole file or nothing. A refused line is named with its
 * reason, so staff correct the file and check it again.
 */
export function BulkFileFlow<L extends BulkLine, A extends BulkAnswer<L>>({
  fileLabel,
  hint,
  preview,
  apply,
  columns,
  summary,
  blocked,
  confirmTitle,
  confirmText,
  confirmLabel,
  done,
}: BulkFileFlowProps<L, A>) {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [answer, setAnswer] = useState<A | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const tableId = useId();

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    setFailure(null);
    setAnswer(null);
    if (file === null) return setFileError('Choose a CSV file');
    const read = await file.text();
    if (read.length > BULK_FILE_MAX_CHARS) {
      return setFileError(
        `The file is longer than ${formatNumber(BULK_FILE_MAX_CHARS)} characters: split it`,
      );
    }
    setFileError(undefined);
    setBusy(true);
    try {
      setText(read);
      setAnswer(await preview(read));
    } catch (error) {
      const refusal = refusalOf<L>(error);
      if (refusal.message !== undefined) setFileError(refusal.message);
      else setFailure('The file could not be checked. Try again in a moment.');
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (text === null || answer === null) return;
    setBusy(true);
    try {
      const applied = await apply(text);
      setConfirming(false);
      setAnswer(null);
      setText(null);
      setSuccess(done(applied));
    } catch (error) {
      setConfirming(false);
      const refusal = refusalOf<L>(error);
      if (refusal.lines !== undefined) {
        const lines = refusal.lines;
        const ok = lines.filter((line) => line.outcome === 'ok').length;
        setAnswer({ ...answer, lines, ok, refused: lines.length - ok });
      }
      setFailure(
        refusal.message === undefined
          ? 'Nothing was applied. Try again in a moment.'
          : `${refusal.message}. Nothing was applied: check the lines below.`,
      );
    } finally {
      setBusy(false);
    }
  };

  const why = answer === null ? null : (blocked?.(answer) ?? null);
  const ready = answer !== null && answer.refused === 0 && answer.lines.length > 0 && why === null;

  return (
    <>
      {success !== null && (
        <p role="status" className="success">
          {success}
        </p>
      )}
      <form onSubmit={(event) => void check(event)} noValidate className="bulk-form">
        <Field label={fileLabel} error={fileError} hint={hint}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setAnswer(null);
              }}
            />
          )}
        </Field>
        <button type="submit" disabled={busy} aria-busy={busy}>
          Check the file
        </button>
      </form>
      {failure !== null && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {answer !== null && (
        <section aria-labelledby={`${tableId}-heading`} className="bulk-preview">
          <h2 id={`${tableId}-heading`}>Preview</h2>
          <p role="status">{summary(answer)}</p>
          {answer.refused > 0 && (
            <p className="form-error">
              {formatNumber(answer.refused)} of {formatNumber(answer.lines.length)}{' '}
              {answer.lines.length === 1 ? 'line is' : 'lines are'} refused: correct the file and
              check it again. Nothing is applied while a line is refused.
            </p>
          )}
          {why !== null && <p className="form-error">{why}</p>}
          <div className="table-scroll">
            <table id={tableId}>
              <caption>Every line of the file and what it does</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  {columns.map((column) => (
                    <th key={column.header} scope="col">
                      {column.header}
                    </th>
                  ))}
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {answer.lines.map((line) => (
                  <tr key={line.line} className={line.outcome === 'ok' ? undefined : 'refused'}>
                    <th scope="row">{line.line}</th>
                    {columns.map((column) => (
                      <td key={column.header}>{column.cell(line)}</td>
                    ))}
                    <td>{line.outcome === 'ok' ? 'Ready' : `Refused: ${line.message ?? ''}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" disabled={!ready || busy} onClick={() => setConfirming(true)}>
            {confirmLabel}
          </button>
        </section>
      )}
      <Dialog title={confirmTitle} open={confirming} onClose={() => setConfirming(false)}>
        {answer !== null && (
          <>
            <p>{confirmText(answer)}</p>
            <div className="toolbar">
              <button type="button" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
                {confirmLabel}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
