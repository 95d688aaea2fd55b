/**
 * Reads a CSV file staff upload (RFC 4180, as spreadsheets save it): a
 * byte-order mark is dropped, the separator is the comma, semicolon or tab
 * the first line uses most (a spreadsheet in German or Greek saves with
 * semicolons), quoted cells may hold separators, doubled quotes and line
 * breaks, and lines end with CRLF, LF or CR. Empty lines are left out.
 */

export type CsvRow = {
  /** The file's line the row starts on, from 1. */
  line: number;
  cells: string[];
};

const separators = [',', ';', '\t'] as const;

/** The separator the first line uses most outside quotes; a comma when it has none. */
function separatorOf(text: string): string {
  const counts = new Map<string, number>(separators.map((separator) => [separator, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [separator, count] of counts) if (count > counts.get(best)!) best = separator;
  return best;
}

/** The rows of the file, each with its line number; rows whose cells are all blank are left out. */
export function readCsv(file: string): CsvRow[] {
  const text = file.startsWith('\uFEFF') ? file.slice(1) : file;
  const separator = separatorOf(text);
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** A cell as staff meant it: trimmed, without the quote our own exports put before a formula-like text. */
export function cellText(value: string | undefined): string {
  const text = (value ?? '').trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}
