import { useMemo } from 'react';
import { htmlLang } from '../app/document-meta';
import { useLayout } from '../app/layout-context';

/** Whole numbers in the page's language and country (`1,234`, `1.234`, `١٬٢٣٤`…). */
export function useFormatNumber(): (value: number) => string {
  const layout = useLayout();
  const lang = htmlLang(layout);
  return useMemo(() => {
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat(lang || 'en');
    } catch {
      format = new Intl.NumberFormat('en');
    }
    return (value: number) => format.format(value);
  }, [lang]);
}
