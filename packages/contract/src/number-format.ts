/**
 * Whole numbers in a language and country (`1,234`, `1.234`, `1 234`,
 * `١٬٢٣٤`) without `Intl.NumberFormat` in the browser: its first use costs a
 * browser some 30 ms of ICU set-up, a long task on every page that shows
 * points. The server reads the locale's symbols with Intl once per locale and
 * sends them with the layout; the web app only groups digits.
 * No runtime zod here: the web app imports this module.
 */
export type NumberSymbols = {
  /** The ten digits of the locale's numbering system, 0 to 9. */
  digits: string;
  /** The grouping separator. */
  group: string;
  /** The minus sign, with any direction marks the locale puts around it. */
  minusSign: string;
  /** Digits in the group next to the decimal point (3), and in the groups before it (3, or 2 in India). */
  primaryGroupSize: number;
  secondaryGroupSize: number;
  /** Numbers with fewer integer digits than primaryGroupSize + this are not grouped (2 in Spanish). */
  minimumGroupingDigits: number;
};

/** Western digits, comma groups of three: for the fallback layout. */
export const plainNumberSymbols: NumberSymbols = {
  digits: '0123456789',
  group: ',',
  minusSign: '-',
  primaryGroupSize: 3,
  secondaryGroupSize: 3,
  minimumGroupingDigits: 1,
};

/** The symbols of a locale, read with Intl (on the server, and in tests). */
export function numberSymbolsOf(locale: string): NumberSymbols {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  } catch {
    return plainNumberSymbols;
  }
  const parts = (value: number) => format.formatToParts(value);
  const digits = Array.from({ length: 10 }, (_, digit) =>
    parts(digit)
      .filter((part) => part.type === 'integer')
      .map((part) => part.value)
      .join(''),
  ).join('');
  const billion = parts(1_234_567_890);
  const integerGroups = billion
    .filter((part) => part.type === 'integer')
    .map((part) => part.value.length);
  const ungroupedThousands = parts(1000).filter((part) => part.type === 'integer').length === 1;
  const minus = parts(-1)
    .filter((part) => part.type !== 'integer')
    .map((part) => part.value)
    .join('');
  return {
    digits: [...digits].length === 10 ? digits : plainNumberSymbols.digits,
    group: billion.find((part) => part.type === 'group')?.value ?? '',
    minusSign: minus || '-',
    primaryGroupSize: integerGroups[integerGroups.length - 1] ?? 3,
    secondaryGroupSize:
      integerGroups.length > 2 ? integerGroups[integerGroups.length - 2]! : (integerGroups[0] ?? 3),
    minimumGroupingDigits: ungroupedThousands ? 2 : 1,
  };
}

/** A whole number (rounded) with the locale's digits, groups and minus sign. */
export function formatWholeNumber(value: number, symbols: NumberSymbols): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.round(Math.abs(value));
  const western = String(whole);
  // Beyond 1e21 String() writes an exponent; no points balance comes near.
  if (!/^\d+$/.test(western)) return String(value);
  const { primaryGroupSize: primary, secondaryGroupSize: secondary } = symbols;
  let grouped = western;
  if (symbols.group !== '' && western.length >= primary + symbols.minimumGroupingDigits) {
    const groups = [western.slice(-primary)];
    for (let end = western.length - primary; end > 0; end -= secondary)
      groups.unshift(western.slice(Math.max(0, end - secondary), end));
    grouped = groups.join('\u0000');
  }
  const digits = [...symbols.digits];
  const localized = [...grouped]
    .map((char) => (char === '\u0000' ? symbols.group : (digits[char.charCodeAt(0) - 48] ?? char)))
    .join('');
  return value < 0 && whole !== 0 ? `${symbols.minusSign}${localized}` : localized;
}
