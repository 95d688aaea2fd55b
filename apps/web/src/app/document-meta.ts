import { useEffect } from 'react';
import type { ClientLayout } from '@club/contract/client-layout';
import { localeTag } from '@club/contract/locale-tag';
import { productName } from '../lib/dictionary';

/** Page title plus the product name (spec 2 §2.2). */
export function documentTitle(pageTitle: string, dictionary: ClientLayout['dictionary']): string {
  const product = productName(dictionary);
  return pageTitle.trim() === '' ? product : `${pageTitle} | ${product}`;
}

/** `<html lang>` from language and country: `el-GR`; the language alone without a country. */
export function htmlLang(layout: Pick<ClientLayout, 'languageShortCode' | 'countryCode'>): string {
  return localeTag(layout.languageShortCode, layout.countryCode);
}

/** Keeps the document title, `<html lang>` and `<html dir>` in step with the page shown. */
export function useDocumentMeta(pageTitle: string, layout: ClientLayout): void {
  const title = documentTitle(pageTitle, layout.dictionary);
  const lang = htmlLang(layout);
  const dir = layout.isRtl ? 'rtl' : 'ltr';
  useEffect(() => {
    document.title = title;
    document.documentElement.lang = lang;
    document.documentElement.dir = dir;
  }, [title, lang, dir]);
}
