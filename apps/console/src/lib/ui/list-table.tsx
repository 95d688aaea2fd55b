import type { ReactNode } from 'react';

/** One column of a list table: its header and how a row fills its cell. */
export type ListColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column that names each row: its cells are row headers. */
  rowHeader?: boolean;
  /** Figures, aligned at the end of their cells. */
  numeric?: boolean;
};

type ListTableProps<Row> = {
  /** The table's caption; also the name of its scrolling region unless `regionLabel` is given. */
  caption: ReactNode;
  regionLabel?: string;
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Said in the table when there are no rows: "No claims match." (else the table is left empty). */
  empty?: string;
  /** While a new page or filter loads, the old rows stay, marked busy. */
  busy?: boolean;
  className?: string;
};

/**
 * The console's list: a captioned table in a region that scrolls sideways on
 * its own (focusable, so a keyboard can scroll it), column headers, a row
 * header per row, and one line when nothing matches.
 */
export function ListTable<Row>({
  caption,
  regionLabel,
  columns,
  rows,
  rowKey,
  empty,
  busy,
  className,
}: ListTableProps<Row>) {
  return (
    <div
      className="table-scroll"
      role="region"
      aria-label={regionLabel ?? (typeof caption === 'string' ? caption : undefined)}
      tabIndex={0}
      aria-busy={busy}
    >
      <table className={className}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.header}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty !== undefined && (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader === true ? (
                  <th scope="row" key={column.header}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    className={column.numeric === true ? 'number' : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
