import { describe, expect, it } from 'vitest';
import {
  CALENDAR_YEARS,
  calendarDateProblem,
  FIRST_CALENDAR_DATE,
  isCalendarDate,
  LAST_CALENDAR_DATE,
} from './calendar-date.js';
import { wordMessage } from './message-catalogue.js';
import { PointsSearchSchema, pointsSearchMessages } from './points.js';

describe('the calendar-date rule', () => {
  it('accepts real days from 1900-01-01 to 2199-12-31', () => {
    expect(CALENDAR_YEARS).toEqual({ first: 1900, last: 2199 });
    for (const day of [FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE, '2026-11-25', '2000-02-29']) {
      expect(calendarDateProblem(day), day).toBeNull();
      expect(isCalendarDate(day), day).toBe(true);
    }
  });

  it('refuses years outside them as out of range: year 0, 1899, 2200, 9999', () => {
    for (const day of ['0000-01-01', '0001-01-01', '1899-12-31', '2200-01-01', '9999-12-31']) {
      expect(calendarDateProblem(day), day).toBe('range');
      expect(isCalendarDate(day), day).toBe(false);
    }
  });

  it('refuses days that do not exist, whatever the year', () => {
    for (const day of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-02-30',
    ]) {
      expect(calendarDateProblem(day), day).toBe('format');
    }
  });

  it('refuses other formats: times, time zones, signs, more digits, spaces', () => {
    for (const text of [
      '',
      '2026-11-25T00:00:00Z',
      '2026-11-25T23:00:00+02:00',
      '2026-11-25Z',
      '+002026-11-25',
      '-0001-01-01',
      '12026-01-01',
      '2026-1-5',
      ' 2026-11-25',
      '2026/11/25',
      '２０２６-11-25',
    ]) {
      expect(calendarDateProblem(text), text).toBe('format');
    }
  });
});

describe('the points search dates', () => {
  const search = (fromDate: string, toDate = '2026-12-31') =>
    PointsSearchSchema.safeParse({ searchBy: 'date', fromDate, toDate });
  const messagesOf = (result: ReturnType<typeof search>) =>
    result.success ? [] : result.error.issues.map((issue) => issue.message);

  it('say which rule a date breaks: the format, the years, or none', () => {
    expect(messagesOf(search('0000-01-01'))).toEqual([pointsSearchMessages.dateRange]);
    expect(messagesOf(search('2026-01-01', '9999-12-31'))).toEqual([
      pointsSearchMessages.dateRange,
    ]);
    expect(messagesOf(search('2026-02-30'))).toEqual([pointsSearchMessages.dateFormat]);
    // A bad date has its own message only, not the order's as well.
    expect(messagesOf(search('2027-00-00'))).toEqual([pointsSearchMessages.dateFormat]);
    expect(messagesOf(search('9999-01-01'))).toEqual([pointsSearchMessages.dateRange]);
    expect(messagesOf(search('2026-12-31', '2026-01-01'))).toEqual([
      pointsSearchMessages.dateOrder,
    ]);
    expect(messagesOf(search(''))).toEqual([pointsSearchMessages.dateRequired]);
    expect(wordMessage({ key: pointsSearchMessages.dateRange })).toBe(
      'Use a date from 1900-01-01 to 2199-12-31.',
    );
    expect(search(FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE).success).toBe(true);
  });
});
