import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { numberSymbolsOf } from '@club/contract/number-format';
import { makeLayout, renderWithLayout } from '../testing/shell-test-utils';
import { useFormatNumber } from './use-format-number';

function Points({ values }: { values: number[] }) {
  const format = useFormatNumber();
  return <p>{values.map(format).join(' ')}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('useFormatNumber', () => {
  it('writes whole numbers with the symbols of the layout, without Intl.NumberFormat', () => {
    // The symbols come from the server (read there with Intl); the browser never builds a formatter.
    const layout = makeLayout({ numberSymbols: numberSymbolsOf('el-GR') });
    const construct = vi.spyOn(Intl, 'NumberFormat');
    renderWithLayout(<Points values={[1234567, -1500, 7]} />, { layout });
    expect(screen.getByText('1.234.567 -1.500 7')).toBeTruthy();
    expect(construct).not.toHaveBeenCalled();
  });

  it('writes Arabic-Indic digits and the Arabic minus where the locale has them', () => {
    renderWithLayout(<Points values={[-1234]} />, {
      layout: makeLayout({ numberSymbols: numberSymbolsOf('ar-EG') }),
    });
    expect(screen.getByText('\u061c-١٬٢٣٤')).toBeTruthy();
  });

  it('writes plain grouped numbers for a layout without symbols (the fallback layout)', () => {
    renderWithLayout(<Points values={[1234567]} />, { layout: makeLayout() });
    expect(screen.getByText('1,234,567')).toBeTruthy();
  });
});
