import { z } from 'zod';
import { calendarDateProblem, FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE } from './calendar-date.js';
import { storable } from './stored-text.js';

/**
 * The rules every staff schema shares for what staff type: text the club
 * stores (the stored-text rule members' text meets too), calendar days (the
 * one calendar-date rule, 1900–2199) and the audit's moments. A NUL, a lone
 * surrogate or a year the database cannot hold is a field problem (400), never
 * a failure of the call.
 */

export const unstorableTextMessage =
  'Holds a character that cannot be stored (a NUL, or half of a character pair)';

/** A text staff write: a string without NUL or lone surrogates; chain its own rules after. */
export const staffText = () => z.string().refine(storable, unstorableTextMessage);

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayRangeMessage = `A day from ${FIRST_CALENDAR_DATE} to ${LAST_CALENDAR_DATE}`;

/** A calendar day `YYYY-MM-DD` of the club's years (ordering windows, filters). */
export const StaffDaySchema = z.string().superRefine((day, context) => {
  if (!dayPattern.test(day)) {
    context.addIssue({ code: 'custom', message: 'A day as YYYY-MM-DD' });
    return;
  }
  const problem = calendarDateProblem(day);
  if (problem === 'format')
    context.addIssue({ code: 'custom', message: 'Not a day of the calendar' });
  if (problem === 'range') context.addIssue({ code: 'custom', message: dayRangeMessage });
});

const dateTime = z.iso.datetime({ offset: true });

/**
 * A day `2026-11-26` or a date-time with its offset `2026-11-26T09:30:00Z`,
 * whose day is a calendar day of the club's years: a filter of the audit.
 */
export const StaffMomentSchema = z.string().superRefine((value, context) => {
  const day = value.slice(0, 10);
  if (!(dayPattern.test(value) || dateTime.safeParse(value).success)) {
    context.addIssue({
      code: 'custom',
      message: 'A date (2026-11-26) or a date-time (2026-11-26T09:30:00Z)',
    });
    return;
  }
  const problem = calendarDateProblem(day);
  if (problem === 'format')
    context.addIssue({ code: 'custom', message: 'Not a day of the calendar' });
  if (problem === 'range') context.addIssue({ code: 'custom', message: dayRangeMessage });
});
