/**
 * CSV for spreadsheets (RFC 4180): comma-separated (or semicolon, below), CRLF line ends, fields
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

/**
 * The separator a spreadsheet expects: a semicolon where the language writes
 * decimals with a comma (German, Greek), since there the comma is the
 * decimal mark; a comma otherwise.
 */
export type CsvSeparator = ',' | ';';

/** One cell: numbers as they are (a signed amount stays a number), text defused and quoted as needed. */
export function csvCell(value: CsvValue, separator: CsvSeparator = ','): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = formulaStart.test(value) ? `'${value}` : value;
  const quoted = separator === ',' ? /[",\r\n]/ : /[";\r\n]/;
  return quoted.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the byte-order mark, then one line per row. */
export function csvDocument(
  rows: readonly (readonly CsvValue[])[],
  separator: CsvSeparator = ',',
): string {
  const line = (row: readonly CsvValue[]) => row.map((value) => csvCell(value, separator));
  return utf8Bom + rows.map((row) => line(row).join(separator)).join('\r\n') + '\r\n';
}

/** The separator for a locale (`de-AT`: `;`, `en-GB`: `,`), from how it writes 1.5. */
export function csvSeparatorFor(locale: string): CsvSeparator {
  try {
    const decimal = new Intl.NumberFormat(locale)
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value;
    return decimal === ',' ? ';' : ',';
  } catch {
    return ',';
  }
}
