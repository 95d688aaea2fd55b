import { describe, expect, it } from 'vitest';
import { addMonths, isoDate, monthWeeks, parseIsoDate, weekdayIndex } from './calendar-dates';

const day = (value: string) => parseIsoDate(value) as Date;

describe('calendar dates', () => {
  it('reads real YYYY-MM-DD dates only', () => {
    expect(isoDate(day('2026-02-28'))).toBe('2026-02-28');
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-2-3')).toBeNull();
    expect(parseIsoDate('31.03.2026')).toBeNull();
    // The contract's years: what the search takes is what the picker shows.
    for (const outside of ['0000-01-01', '1899-12-31', '2200-01-01', '9999-12-31']) {
      expect(parseIsoDate(outside), outside).toBeNull();
    }
    expect(isoDate(parseIsoDate('1900-01-01')!)).toBe('1900-01-01');
    expect(isoDate(parseIsoDate('2199-12-31')!)).toBe('2199-12-31');
  });

  it('starts weeks on Monday', () => {
    expect(weekdayIndex(day('2026-03-02'))).toBe(0); // a Monday
    expect(weekdayIndex(day('2026-03-01'))).toBe(6); // a Sunday
    const weeks = monthWeeks(day('2026-03-15'));
    // March 2026 starts on a Sunday: six padding days, then the 1st.
    expect(weeks[0]?.map((date) => (date ? date.getUTCDate() : null))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      1,
    ]);
    expect(weeks.at(-1)?.filter(Boolean).at(-1)?.getUTCDate()).toBe(31);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('moves by months, keeping the day or taking the shorter month’s last', () => {
    expect(isoDate(addMonths(day('2026-01-31'), 1))).toBe('2026-02-28');
    expect(isoDate(addMonths(day('2024-01-31'), 1))).toBe('2024-02-29');
    expect(isoDate(addMonths(day('2026-03-15'), -12))).toBe('2025-03-15');
  });
});
