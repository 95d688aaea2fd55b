import type {
  LapseForecast,
  MembersByMonth,
  Outstanding,
  RedemptionsByGift,
  PointsByMonth,
  ReportName,
  StateCounts,
} from '@club/contract/staff-reports';
import type { OrderState } from '@club/contract/gift-rules';
import { orderStateWords } from '@club/contract/order-state-words';
import type { CsvValue } from '../../lib/csv.js';

type Rows = (readonly CsvValue[])[];

/** `yes` on the current month's line: its figures are so far, not the month's. */
const currentMark = (report: { currentMonth: string }, month: string): string =>
  month === report.currentMonth ? 'yes' : '';

/** Each report's CSV rows: an English header line, then one line per bar of its chart. */
export const reportCsvRows = {
  'points-by-month': (report: PointsByMonth): Rows => [
    [
      'Month',
      'Earned',
      'Earned from bookings',
      'Earned from campaigns',
      'Earned from claims',
      'Earned from staff credits',
      'Spent',
      'Expired',
      'Current month',
    ],
    ...report.months.map((row) => [
      row.month,
      row.earned,
      row.fromBookings,
      row.fromCampaigns,
      row.fromClaims,
      row.fromStaff,
      row.spent,
      row.expired,
      currentMark(report, row.month),
    ]),
  ],
  'lapse-forecast': (report: LapseForecast): Rows => [
    ['Month', 'Points lapsing', 'Current month'],
    ...report.months.map((row) => [row.month, row.points, currentMark(report, row.month)]),
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
  'members-by-month': (report: MembersByMonth): Rows => [
    ['Month', 'Enrolments', 'Active members', 'Current month'],
    ...report.months.map((row) => [
      row.month,
      row.enrolments,
      row.active,
      currentMark(report, row.month),
    ]),
  ],
  'redemptions-by-gift': (report: RedemptionsByGift): Rows => [
    ['Gift', 'Gift id', 'Orders', 'Items', 'Points'],
    ...report.items.map((row) => [row.name, row.giftId, row.orders, row.quantity, row.points]),
  ],
} satisfies Record<ReportName, (report: never) => Rows>;
