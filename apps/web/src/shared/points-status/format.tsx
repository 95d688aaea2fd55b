import { Fragment, useMemo, type ReactNode } from 'react';
import { useLayout } from '../layout-context';
import { calendarNames } from '../../lib/calendar-names';

export { useFormatNumber } from '../use-format-number';

/** `2026-03` (or a date in it) as "Mar 2026", with the layout dictionary's month names. */
export function useMonthLabel(): (month: string) => string {
  const { dictionary } = useLayout();
  return useMemo(() => {
    const { months } = calendarNames(dictionary);
    return (month: string) => {
      const [year, number] = month.split('-');
      const name = months[Number(number) - 1];
      return name === undefined || year === undefined ? month : `${name} ${year}`;
    };
  }, [dictionary]);
}

/** `{name}` placeholders of a dictionary text filled in. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Like `fill`, with elements for placeholders (a date kept left to right, a strong number). */
export function fillNodes(text: string, values: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return text.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = name !== undefined && name in values ? values[name] : part;
    return <Fragment key={index}>{value}</Fragment>;
  });
}
