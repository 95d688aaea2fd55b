const months = [
  ['jan', 'January'],
  ['feb', 'February'],
  ['mar', 'March'],
  ['apr', 'April'],
  ['may', 'May'],
  ['jun', 'June'],
  ['jul', 'July'],
  ['aug', 'August'],
  ['sep', 'September'],
  ['oct', 'October'],
  ['nov', 'November'],
  ['dec', 'December'],
] as const;

/**
 * Long month names, January first: the dictionary's `monthLong.jan` …
 * `monthLong.dec`, else English (the short `month.jan` … are the calendar's).
 */
export function monthNames(text: (key: string, fallback: string) => string): string[] {
  return months.map(([key, english]) => text(`monthLong.${key}`, english));
}
