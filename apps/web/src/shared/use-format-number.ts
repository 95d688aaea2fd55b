import { useMemo } from 'react';
import { formatWholeNumber, plainNumberSymbols } from '@club/contract/number-format';
import { useLayout } from './layout-context';

/**
 * Whole numbers in the page's language and country (`1,234`, `1.234`, `١٬٢٣٤`…),
 * with the symbols the layout carries: no Intl.NumberFormat, whose first use
 * is a long task in the browser.
 */
export function useFormatNumber(): (value: number) => string {
  const { numberSymbols } = useLayout();
  return useMemo(() => {
    const symbols = numberSymbols ?? plainNumberSymbols;
    return (value: number) => formatWholeNumber(value, symbols);
  }, [numberSymbols]);
}
