import { queryOptions } from '@tanstack/react-query';
import {
  reportsOverMonths,
  type LapseForecast,
  type MembersByMonth,
  type Outstanding,
  type PointsByMonth,
  type RedemptionsByGift,
  type ReportName,
  type StateCounts,
} from '@club/contract/staff-reports';
import { queryString, staffCall } from '../../../lib/staff-api';

/** What the screen's filter asks of every report. */
export type ReportFilter = { country: string | undefined; months: number };

type Answers = {
  'points-by-month': PointsByMonth;
  'lapse-forecast': LapseForecast;
  outstanding: Outstanding;
  'members-by-state': StateCounts;
  'offices-by-state': StateCounts;
  'orders-by-state': StateCounts;
  'members-by-month': MembersByMonth;
  'redemptions-by-gift': RedemptionsByGift;
};

const overMonths = (name: ReportName) => (reportsOverMonths as readonly string[]).includes(name);

/** The query string of a report: the reports over months take the months range. */
export function reportQuery(name: ReportName, filter: ReportFilter): string {
  return queryString({
    country: filter.country,
    months: overMonths(name) ? filter.months : undefined,
  });
}

export function reportPath(name: ReportName, filter: ReportFilter, csv = false): string {
  return `/s2c/staff/v1/reports/${name}${csv ? '.csv' : ''}${reportQuery(name, filter)}`;
}

/** One report's data, cached per filter. */
export function reportQueryOptions<Name extends ReportName>(name: Name, filter: ReportFilter) {
  return queryOptions({
    queryKey: [
      'reports',
      name,
      filter.country ?? null,
      overMonths(name) ? filter.months : null,
    ],
    queryFn: ({ signal }) =>
      staffCall<Answers[Name]>('GET', reportPath(name, filter), undefined, { signal }),
  });
}
