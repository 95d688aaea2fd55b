import type { ClientLayout } from '@club/contract/client-layout';
import { dictionaryText } from './dictionary';

const weekdayKeys = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;
const monthKeys = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

const capitalised = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

export type CalendarNames = {
  /** Short weekday names, Monday first (`day.mo` … `day.su`, falling back to Mo … Su). */
  weekdays: string[];
  /** Short month names, January first (`month.jan` … `month.dec`, falling back to Jan … Dec). */
  months: string[];
};

/** Calendar names from the layout dictionary (spec 1 §2, spec 2 §2.2). */
export function calendarNames(dictionary: ClientLayout['dictionary']): CalendarNames {
  return {
    weekdays: weekdayKeys.map((key) => dictionaryText(dictionary, `day.${key}`, capitalised(key))),
    months: monthKeys.map((key) => dictionaryText(dictionary, `month.${key}`, capitalised(key))),
  };
}
