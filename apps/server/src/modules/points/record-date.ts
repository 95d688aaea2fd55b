import { z } from 'zod';
import {
  calendarDateProblem,
  FIRST_CALENDAR_DATE,
  LAST_CALENDAR_DATE,
} from '@club/contract/calendar-date';

/**
 * A date field of a booking record or a points-file line under the shared
 * calendar-date rule (a real day of the years the database and the club
 * hold), worded for the rejected line. `params` words a missing or mistyped
 * field where the record has its own wording.
 */
export function recordDate(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).superRefine((value, context) => {
    const problem = calendarDateProblem(value);
    if (problem === 'format')
      context.addIssue({ code: 'custom', message: 'must be a date YYYY-MM-DD' });
    if (problem === 'range') {
      context.addIssue({
        code: 'custom',
        message: `must be a date from ${FIRST_CALENDAR_DATE} to ${LAST_CALENDAR_DATE}`,
      });
    }
  });
}
