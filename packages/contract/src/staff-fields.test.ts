import { describe, expect, it } from 'vitest';
import { AuditFilterSchema } from './staff-audit.js';
import {
  StaffDaySchema,
  StaffMomentSchema,
  staffText,
  unstorableTextMessage,
} from './staff-fields.js';
import { GiftOrderingEditSchema } from './staff-gifts.js';
import { OrderQueueQuerySchema } from './staff-orders.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the staff text rule', () => {
  it('takes any text without NUL or lone surrogates, paired ones (emoji) too', () => {
    for (const value of ['', 'Plain', 'Ελληνικά', 'عربي', '😀 <b>HTML</b>', '\u2028\ufeff']) {
      expect(staffText().safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses a NUL and a lone surrogate, high or low, anywhere', () => {
    for (const value of ['a\u0000b', '\ud800', 'x\udbff', '\udc00x', 'a\ude00\ud83d']) {
      expect(messagesOf(staffText().safeParse(value)), JSON.stringify(value)).toEqual([
        unstorableTextMessage,
      ]);
    }
  });
});

describe('the staff day rule: the one calendar-date rule', () => {
  it('takes real days of 1900–2199', () => {
    for (const day of ['1900-01-01', '2026-11-25', '2000-02-29', '2199-12-31']) {
      expect(StaffDaySchema.safeParse(day).success, day).toBe(true);
    }
  });

  it('refuses year 0, 1000, 9999 and the years around the edges as out of range', () => {
    for (const day of ['0000-01-01', '1000-01-01', '1899-12-31', '2200-01-01', '9999-12-31']) {
      expect(messagesOf(StaffDaySchema.safeParse(day)), day).toEqual([
        'A day from 1900-01-01 to 2199-12-31',
      ]);
    }
  });

  it('refuses days that do not exist and other forms', () => {
    expect(messagesOf(StaffDaySchema.safeParse('2026-02-30'))).toEqual([
      'Not a day of the calendar',
    ]);
    for (const day of ['2026-1-5', '+275760-09-13', '2026-11-25T00:00:00Z', '']) {
      expect(messagesOf(StaffDaySchema.safeParse(day)), day).toEqual(['A day as YYYY-MM-DD']);
    }
  });

  it('rules the order filters and the ordering windows', () => {
    expect(OrderQueueQuerySchema.safeParse({ from: '0000-01-01' }).success).toBe(false);
    expect(OrderQueueQuerySchema.safeParse({ to: '2026-11-30' }).success).toBe(true);
    const window = (from: string, to: string, reopensOn = '') =>
      GiftOrderingEditSchema.safeParse({ orderDisabled: false, ranges: [{ from, to }], reopensOn })
        .success;
    expect(window('2026-12-01', '2026-12-24')).toBe(true);
    expect(window('1000-01-01', '2026-12-24')).toBe(false);
    expect(window('2026-12-01', '9999-12-31')).toBe(false);
    expect(window('2026-12-01', '2026-12-24', '0000-01-01')).toBe(false);
  });
});

describe('the audit moment: a day or a date-time, in the club years', () => {
  it('takes a day and a date-time with its offset', () => {
    for (const moment of ['2026-11-26', '2026-11-26T09:30:00Z', '2199-12-31T23:59:59-12:00']) {
      expect(StaffMomentSchema.safeParse(moment).success, moment).toBe(true);
    }
  });

  it('refuses year-0 and far-future moments, and text that is neither', () => {
    for (const moment of [
      '0000-01-01',
      '0000-01-01T00:00:00Z',
      '9999-12-31T00:00:00Z',
      '1899-12-31T23:00:00+01:00',
    ]) {
      expect(StaffMomentSchema.safeParse(moment).success, moment).toBe(false);
    }
    for (const moment of ['2026-11-26T09:30:00', '26/11/2026', 'yesterday']) {
      expect(messagesOf(StaffMomentSchema.safeParse(moment)), moment).toEqual([
        'A date (2026-11-26) or a date-time (2026-11-26T09:30:00Z)',
      ]);
    }
  });

  it('rules the audit filters, trimmed; a blank one is none', () => {
    expect(AuditFilterSchema.parse({ from: ' 2026-11-26 ', to: '' })).toEqual({
      from: '2026-11-26',
    });
    expect(AuditFilterSchema.safeParse({ from: '0000-01-01' }).success).toBe(false);
    expect(AuditFilterSchema.safeParse({ action: 'member.\ud800' }).success).toBe(false);
  });
});
