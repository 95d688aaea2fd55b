import type {
  LapseForecast,
  Outstanding,
  PointsByMonth,
  ReportName,
  StateCounts,
} from '@club/contract/staff-reports';
import type { OrderState } from '@club/contract/gift-rules';
import { orderStateWords } from '@club/contract/order-state-words';
import type { CsvValue } from '../../lib/csv.js';

type Rows = (readonly CsvValue[])[];

/** Each report's CSV rows: an English header line, then one line per bar of its chart. */
export const reportCsvRows = {
  'points-by-month': (report: PointsByMonth): Rows => [
    ['Month', 'Earned', 'Spent', 'Expired'],
    ...report.months.map((row) => [row.month, row.earned, row.spent, row.expired]),
  ],
  'lapse-forecast': (report: LapseForecast): Rows => [
    ['Month', 'Points lapsing'],
    ...report.months.map((row) => [row.month, row.points]),
  ],
  outstanding: (report: Outstanding): Rows => [
    ['Country', 'Available points', 'Pending points'],
    ...report.items.map((row) => [row.countryCode, row.available, row.pending]),
  ],
  'members-by-state': (report: StateCounts): Rows => [
    ['State', 'Members'],
    ...report.items.map((row) => [row.state, row.count]),
  ],
  'offices-by-state': (report: StateCounts): Rows => [
    ['State', 'Offices'],
    ...report.items.map((row) => [row.state, row.count]),
  ],
  'orders-by-state': (report: StateCounts): Rows => [
    ['State', 'Orders'],
    // The queue's words: a failed order was refunded.
    ...report.items.map((row) => [
      orderStateWords[row.state as OrderState] ?? row.state,
      row.count,
    ]),
  ],
} satisfies Record<ReportName, (report: never) => Rows>;
