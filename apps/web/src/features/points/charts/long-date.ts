import { useMemo } from 'react';
import { plainNumberSymbols } from '@club/contract/number-format';
import { useLayout } from '../../../shared/layout-context';
import { dictionaryText } from '../../../lib/dictionary';

const monthKeys = [
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
 * `2027-01-23` as "23 January 2027" in the page's language: the pattern
 * `pointsStatus.lapseDate` ("{day} {month} {year}"), month names of
 * `dateMonth.*` (the form a date takes, the genitive in Greek) and the
 * layout's digits. No Intl.DateTimeFormat: its first use is a long task.
 */
export function useLongDate(): (isoDate: string) => string {
  const { dictionary, numberSymbols } = useLayout();
  return useMemo(() => {
    const digits = (numberSymbols ?? plainNumberSymbols).digits;
    const local = (value: string) =>
      value.replace(/\d/g, (digit) => [...digits][Number(digit)] ?? digit);
    const pattern = dictionaryText(dictionary, 'pointsStatus.lapseDate', '{day} {month} {year}');
    return (isoDate: string) => {
      const [year, month, day] = isoDate.split('-');
      const name = monthKeys[Number(month) - 1];
      if (year === undefined || day === undefined || name === undefined) return isoDate;
      const values: Record<string, string> = {
        day: local(String(Number(day))),
        month: dictionaryText(dictionary, `dateMonth.${name[0]}`, name[1]),
        year: local(year),
      };
      return pattern.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
    };
  }, [dictionary, numberSymbols]);
}
