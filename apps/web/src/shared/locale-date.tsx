import { useCallback } from 'react';
import { formatLocaleDate, parseLocaleDate, type DateStyle } from '@club/contract/locale-date';
import { useFormattingLocale } from './wording';

/** `(iso, style?) => text`: a calendar date in the page's language ("23 Ιανουαρίου 2027"). */
export function useFormatDate(): (iso: string, style?: DateStyle) => string {
  const locale = useFormattingLocale();
  return useCallback((iso, style) => formatLocaleDate(iso, locale, style), [locale]);
}

/** `(typed) => YYYY-MM-DD | null`: a date field's text, written as the page writes dates or as ISO. */
export function useParseDate(): (typed: string) => string | null {
  const locale = useFormattingLocale();
  return useCallback((typed) => parseLocaleDate(typed, locale), [locale]);
}

/**
 * A calendar date (`YYYY-MM-DD`) in the page's language, the ISO date in
 * `dateTime`. `dir="auto"` isolates it from the sentence around it and lets
 * it read in its own words' direction (an Arabic date right to left, a Latin
 * one left to right).
 */
export function LocaleDate({ value, style }: { value: string; style?: DateStyle }) {
  const formatDate = useFormatDate();
  return (
    <time dateTime={value} dir="auto">
      {formatDate(value, style)}
    </time>
  );
}
