/**
 * CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, fields
 * quoted when they hold a comma, quote or line break, and a UTF-8 byte-order
 * mark first, without which spreadsheets read Greek or Arabic as Latin-1.
 */

export type CsvValue = string | number | null;

/** The byte-order mark that tells spreadsheets the file is UTF-8. */
export const utf8Bom = '\uFEFF';

/**
 * Characters that make a spreadsheet read a text cell as a formula (CSV
 * injection, OWASP): such a cell starts with a quote instead, which the
 * spreadsheet shows as text. Tab and carriage return count too.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** One cell: numbers as they are (a signed amount stays a number), text defused and quoted as needed. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the byte-order mark, then one line per row. */
export function csvDocument(rows: readonly (readonly CsvValue[])[]): string {
  return utf8Bom + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
