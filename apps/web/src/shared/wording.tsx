import { Fragment, useCallback, useMemo, type ReactNode } from 'react';
import { formattingLocale, localeTag } from '@club/contract/locale-tag';
import {
  countedFormatterInstalled,
  fillWording,
  isCountedWording,
  type MessageValues,
} from '@club/contract/message-catalogue';
import { dictionaryText } from '../lib/dictionary';
import { messageFormat } from '../lib/message-format-module';
import { useLayout } from './layout-context';
import { useFormatNumber } from './use-format-number';
import { useFormatterLoad } from './use-formatter-load';

/** The layout's locale (`el-GR`, `ar-AE`): the `<html lang>` of the page. */
export function useLocaleTag(): string {
  const { languageShortCode, countryCode } = useLayout();
  return localeTag(languageShortCode, countryCode);
}

/** The locale that writes the page's dates and numbers (`en-GB` for English outside the US). */
export function useFormattingLocale(): string {
  const { languageShortCode, countryCode } = useLayout();
  return formattingLocale(languageShortCode, countryCode);
}

/** A value of a wording: a number (a count), a text, or an element put where its `{name}` stands. */
export type WordingValue = string | number | ReactNode;

export type Wording = {
  /** The dictionary's word of `key` (else `fallback`) with its values, as text. */
  text: (key: string, fallback: string, values?: MessageValues) => string;
  /** The same, with elements for placeholders (a date kept left to right, a strong number). */
  nodes: (
    key: string,
    fallback: string,
    values: Readonly<Record<string, WordingValue>>,
  ) => ReactNode[];
};

/**
 * Words of the page's dictionary in its language, with their values: plural
 * forms by the language's rules ("1 point", "2 points"; Arabic's six forms)
 * through the ICU formatter, and plain `{name}` placeholders without it.
 * Numbers of plain placeholders take the layout's number symbols; a plural's
 * `#` is written by the formatter in the page's locale.
 */
export function useWording(): Wording {
  const { dictionary } = useLayout();
  const locale = useFormattingLocale();
  const formatNumber = useFormatNumber();
  // A counted wording met before the formatter loaded words again once it is there.
  const loadFormatter = useFormatterLoad();
  const word = useCallback(
    (key: string, fallback: string, values: MessageValues): string => {
      const wording = dictionaryText(dictionary, key, fallback);
      const shown: Record<string, string> = {};
      for (const [name, value] of Object.entries(values))
        shown[name] = typeof value === 'number' ? formatNumber(value) : value;
      if (!isCountedWording(wording)) return fillWording(wording, shown, locale);
      if (countedFormatterInstalled()) return fillWording(wording, values, locale);
      loadFormatter();
      // Until then each choice's `other` form, its numbers written as the page writes them.
      return fillWording(wording, shown, locale);
    },
    [dictionary, locale, formatNumber, loadFormatter],
  );
  return useMemo(
    () => ({
      text: (key, fallback, values = {}) => word(key, fallback, values),
      nodes: (key, fallback, values) => {
        // Elements stand in the text as their own `{name}`, and replace it afterwards.
        const plain: Record<string, string | number> = {};
        for (const [name, value] of Object.entries(values))
          plain[name] =
            typeof value === 'number' || typeof value === 'string' ? value : `{${name}}`;
        return word(key, fallback, plain)
          .split(/(\{\w+\})/)
          .map((part, index) => {
            const name = /^\{(\w+)\}$/.exec(part)?.[1];
            const value = name !== undefined && Object.hasOwn(values, name) ? values[name] : part;
            return <Fragment key={index}>{value}</Fragment>;
          });
      },
    }),
    [word],
  );
}

/** Loads the formatter before a screen that shows counts paints (its `prefetch`). */
export async function loadMessageFormat(): Promise<void> {
  try {
    await messageFormat.load();
  } catch {
    // A failed chunk: counted wordings show their `other` form until a later load works.
  }
}
