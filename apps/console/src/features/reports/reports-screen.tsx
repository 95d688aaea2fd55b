import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { OrderState } from '@club/contract/gift-rules';
import { orderStateWords } from '@club/contract/order-state-words';
import {
  defaultReportMonths,
  type LapseForecast,
  type MembersByMonth,
  type Outstanding,
  type RedemptionsByGift,
  type PointsByMonth,
  type ReportName,
  type StateCounts,
} from '@club/contract/staff-reports';
import { downloadFile } from '../../lib/staff-api';
import { useStaff } from '../../lib/staff-session';
import { usePageTitle } from '../../lib/page-title';
import { reportPath, reportQueryOptions, type ReportFilter } from './api/report-queries';
import { BarChart, ChartLegend, type BarSeries } from './components/bar-chart';
import { formatMonth, formatNumber } from '../../lib/english-format';
import { ReportPanel } from './components/report-panel';
import './reports.css';
import { countryName } from '../../lib/names';

/** The months ranges the filter offers. */
const monthChoices = [6, 12, 24, 36, 60];

/** `2026-11` → `Nov 2026`. */
const monthName = formatMonth;

/** `deletion_requested` → `Deletion requested`. */
const plainStateName = (state: string) =>
  state.charAt(0).toUpperCase() + state.slice(1).replace(/_/g, ' ');

/** Order states in the queue's words (a failed order reads Refunded); others spelled out. */
const stateNameOf =
  (name: string) =>
  (state: string): string =>
    name === 'orders-by-state'
      ? (orderStateWords[state as OrderState] ?? plainStateName(state))
      : plainStateName(state);

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const n = formatNumber;

/** A month's row header; this month's says its figures are so far. */
function MonthHeader({ month, current }: { month: string; current: string | undefined }) {
  return (
    <th scope="row">
      {monthName(month)}
      {month === current && <span className="report-current"> (this month, so far)</span>}
    </th>
  );
}

/** The chart's groups of a monthly report, this month marked. */
const monthGroups = <Row extends { month: string }>(
  months: readonly Row[],
  current: string | undefined,
) =>
  months.map((row) => ({
    label: monthName(row.month),
    values: row,
    current: row.month === current,
  }));

/** The filter lives in the address, so a report view can be bookmarked and shared. */
function useReportFilter(): [ReportFilter, (next: Partial<ReportFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const months = Number(params.get('months'));
  const filter: ReportFilter = {
    country: params.get('country') ?? undefined,
    months: monthChoices.includes(months) ? months : defaultReportMonths,
  };
  const update = (next: Partial<ReportFilter>) => {
    const merged = { ...filter, ...next };
    const query = new URLSearchParams();
    if (merged.country !== undefined) query.set('country', merged.country);
    if (merged.months !== defaultReportMonths) query.set('months', String(merged.months));
    setParams(query, { replace: true });
  };
  return [filter, update];
}

function useDownload(name: ReportName, filter: ReportFilter) {
  return () =>
    downloadFile(reportPath(name, filter, true), `${name}-${filter.country ?? 'all'}.csv`);
}

function Status({ error }: { error: unknown }) {
  return error ? (
    <p className="form-error" role="alert">
      This report could not be loaded. Reload the page to try again.
    </p>
  ) : (
    <p role="status">Loading…</p>
  );
}

const monthSeries: BarSeries[] = [
  { key: 'earned', name: 'Earned', pattern: 'solid' },
  { key: 'spent', name: 'Spent', pattern: 'stripes' },
  { key: 'expired', name: 'Expired', pattern: 'dots' },
];

function PointsByMonthReport({ filter }: { filter: ReportFilter }) {
  const { data, error } = useQuery(reportQueryOptions('points-by-month', filter));
  const months = data?.months ?? [];
  const current = data?.currentMonth;
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  return (
    <ReportPanel
      title="Points earned, spent and expired per month"
      summary={
        first === undefined || last === undefined
          ? ''
          : `Grouped bar chart of ${months.length} months from ${monthName(first)} to ${monthName(last)}${last === current ? ' (this month, so far)' : ''}: ${n(sum(months.map((row) => row.earned)))} points earned, ${n(sum(months.map((row) => row.spent)))} spent and ${n(sum(months.map((row) => row.expired)))} expired in all.`
      }
      status={data === undefined ? <Status error={error} /> : undefined}
      chart={
        <BarChart
          series={monthSeries}
          groups={monthGroups(months, current)}
          labelEvery={Math.ceil(months.length / 8)}
        />
      }
      legend={<ChartLegend series={monthSeries} />}
      table={
        <table>
          <caption>Points earned, spent and expired per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="number">
                Earned
              </th>
              <th scope="col" className="number">
                Spent
              </th>
              <th scope="col" className="number">
                Expired
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((row) => (
              <tr key={row.month}>
                <MonthHeader month={row.month} current={current} />
                <td className="number">{n(row.earned)}</td>
                <td className="number">{n(row.spent)}</td>
                <td className="number">{n(row.expired)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      onDownload={useDownload('points-by-month', filter)}
    />
  );
}

/** Earned points by where they came from (the same report's split). */
const sourceSeries: (BarSeries & { key: keyof PointsByMonth['months'][number] })[] = [
  { key: 'fromBookings', name: 'Bookings', pattern: 'solid' },
  { key: 'fromCampaigns', name: 'Campaigns', pattern: 'stripes' },
  { key: 'fromClaims', name: 'Claims', pattern: 'dots' },
  { key: 'fromStaff', name: 'Staff credits', pattern: 'grid' },
];

function EarnedBySourceReport({ filter }: { filter: ReportFilter }) {
  const { data, error } = useQuery(reportQueryOptions('points-by-month', filter));
  const months = data?.months ?? [];
  const current = data?.currentMonth;
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  const total = (key: (typeof sourceSeries)[number]['key']) =>
    n(sum(months.map((row) => Number(row[key]))));
  return (
    <ReportPanel
      title="Points earned by source per month"
      summary={
        first === undefined || last === undefined
          ? ''
          : `Grouped bar chart of ${months.length} months from ${monthName(first)} to ${monthName(last)}${last === current ? ' (this month, so far)' : ''}: ${sourceSeries
              .map((one) => `${total(one.key)} points from ${one.name.toLowerCase()}`)
              .join(', ')} in all.`
      }
      status={data === undefined ? <Status error={error} /> : undefined}
      chart={
        <BarChart
          series={sourceSeries}
          groups={monthGroups(months, current)}
          labelEvery={Math.ceil(months.length / 8)}
        />
      }
      legend={<ChartLegend series={sourceSeries} />}
      table={
        <table>
          <caption>Points earned by source per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {sourceSeries.map((one) => (
                <th key={one.key} scope="col" className="number">
                  {one.name}
                </th>
              ))}
              <th scope="col" className="number">
                Earned in all
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((row) => (
              <tr key={row.month}>
                <MonthHeader month={row.month} current={current} />
                {sourceSeries.map((one) => (
                  <td key={one.key} className="number">
                    {n(Number(row[one.key]))}
                  </td>
                ))}
                <td className="number">{n(row.earned)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      onDownload={useDownload('points-by-month', filter)}
    />
  );
}

const lapseSeries: BarSeries[] = [{ key: 'points', name: 'Points lapsing', pattern: 'solid' }];

function LapseForecastReport({ filter }: { filter: ReportFilter }) {
  const { data, error } = useQuery(reportQueryOptions('lapse-forecast', filter));
  const months: LapseForecast['months'] = data?.months ?? [];
  const current = data?.currentMonth;
  const most = months.reduce<(typeof months)[number] | undefined>(
    (top, row) => (top === undefined || row.points > top.points ? row : top),
    undefined,
  );
  return (
    <ReportPanel
      title="Points that lapse in the next 12 months"
      summary={`Bar chart of the next ${months.length} months: ${n(sum(months.map((row) => row.points)))} points lapse in all${
        most !== undefined && most.points > 0
          ? `, most in ${monthName(most.month)} (${n(most.points)})`
          : ''
      }.`}
      status={data === undefined ? <Status error={error} /> : undefined}
      chart={
        <BarChart series={lapseSeries} groups={monthGroups(months, current)} labelEvery={2} />
      }
      table={
        <table>
          <caption>Points that lapse in each of the next 12 months</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="number">
                Points lapsing
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((row) => (
              <tr key={row.month}>
                <MonthHeader month={row.month} current={current} />
                <td className="number">{n(row.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      onDownload={useDownload('lapse-forecast', filter)}
    />
  );
}

const outstandingSeries: BarSeries[] = [
  { key: 'available', name: 'Available', pattern: 'solid' },
  { key: 'pending', name: 'Pending', pattern: 'stripes' },
];

function OutstandingReport({ filter }: { filter: ReportFilter }) {
  const { data, error } = useQuery(reportQueryOptions('outstanding', filter));
  const items: Outstanding['items'] = data?.items ?? [];
  return (
    <ReportPanel
      title="Outstanding points per country"
      summary={`Bar chart of the programme's liability: ${items
        .map(
          (item) =>
            `${item.countryCode.toUpperCase()} ${n(item.available)} points available and ${n(item.pending)} pending`,
        )
        .join('; ')}.`}
      status={data === undefined ? <Status error={error} /> : undefined}
      chart={
        <BarChart
          series={outstandingSeries}
          groups={items.map((item) => ({ label: item.countryCode.toUpperCase(), values: item }))}
        />
      }
      legend={<ChartLegend series={outstandingSeries} />}
      table={
        <table>
          <caption>Outstanding points per country</caption>
          <thead>
            <tr>
              <th scope="col">Country</th>
              <th scope="col" className="number">
                Available points
              </th>
              <th scope="col" className="number">
                Pending points
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.countryCode}>
                <th scope="row">{item.countryCode.toUpperCase()}</th>
                <td className="number">{n(item.available)}</td>
                <td className="number">{n(item.pending)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      onDownload={useDownload('outstanding', filter)}
    />
  );
}

const memberMonthSeries: BarSeries[] = [
  { key: 'enrolments', name: 'Enrolments', pattern: 'solid' },
  { key: 'active', name: 'Active members', pattern: 'stripes' },
];

function MembersByMonthReport({ filter }: { filter: ReportFilter }) {
  const { data, error } = useQuery(reportQueryOptions('members-by-month', filter));
  const months: MembersByMonth['months'] = data?.months ?? [];
  const current = data?.currentMonth;
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  const busiest = months.reduce<(typeof months)[number] | undefined>(
    (top, row) => (top === undefined || row.active > top.active ? row : top),
    undefined,
  );
  return (
    <ReportPanel
      title="Enrolments and active members per month"
      summary={
        first === undefined || last === undefined
          ? ''
          : `Grouped bar chart of ${months.length} months from ${monthName(first)} to ${monthName(last)}${last === current ? ' (this month, so far)' : ''}: ${n(sum(months.map((row) => row.enrolments)))} enrolments in all${
              busiest !== undefined && busiest.active > 0
                ? `; most active members in ${monthName(busiest.month)} (${n(busiest.active)})`
                : ''
            }.`
      }
      status={data === undefined ? <Status error={error} /> : undefined}
      chart={
        <BarChart
          series={memberMonthSeries}
          groups={monthGroups(months, current)}
          labelEvery={Math.ceil(months.length / 8)}
        />
      }
      legend={<ChartLegend series={memberMonthSeries} />}
      table={
        <table>
          <caption>Enrolments and active members per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="number">
                Enrolments
              </th>
              <th scope="col" className="number">
                Active members
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((row) => (
              <tr key={row.month}>
                <MonthHeader month={row.month} current={current} />
                <td className="number">{n(row.enrolments)}</td>
                <td className="number">{n(row.active)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      onDownload={useDownload('members-by-month', filter)}
    />
  );
}

const redemptionSeries: BarSeries[] = [{ key: 'points', name: 'Points', pattern: 'solid' }];

/** The gifts the chart draws (the table lists every one). */
const chartedGifts = 8;

function RedemptionsByGiftReport({ filter }: { filter: ReportFilter }) {
  const { data, error } = useQuery(reportQueryOptions('redemptions-by-gift', filter));
  const items: RedemptionsByGift['items'] = data?.items ?? [];
  const charted = items.slice(0, chartedGifts);
  return (
    <ReportPanel
      title="Gifts redeemed"
      summary={
        items.length === 0
          ? `No gifts redeemed since ${data === undefined ? '' : monthName(data.from)}.`
          : `Bar chart of points redeemed per gift since ${monthName(data!.from)}${
              items.length > chartedGifts ? `, the ${chartedGifts} with the most points` : ''
            }: ${charted.map((item) => `${item.name} ${n(item.points)}`).join(', ')}.`
      }
      status={data === undefined ? <Status error={error} /> : undefined}
      chart={
        <BarChart
          series={redemptionSeries}
          groups={charted.map((item) => ({ label: item.name, values: item }))}
        />
      }
      table={
        <table>
          <caption>Gifts redeemed since {data === undefined ? '' : monthName(data.from)}</caption>
          <thead>
            <tr>
              <th scope="col">Gift</th>
              <th scope="col" className="number">
                Orders
              </th>
              <th scope="col" className="number">
                Items
              </th>
              <th scope="col" className="number">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.giftId}>
                <th scope="row">{item.name}</th>
                <td className="number">{n(item.orders)}</td>
                <td className="number">{n(item.quantity)}</td>
                <td className="number">{n(item.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      onDownload={useDownload('redemptions-by-gift', filter)}
    />
  );
}

function StateCountsReport({
  name,
  title,
  things,
  filter,
}: {
  name: 'members-by-state' | 'offices-by-state' | 'orders-by-state';
  title: string;
  /** What is counted, in the plural: `Members`. */
  things: string;
  filter: ReportFilter;
}) {
  const { data, error } = useQuery(reportQueryOptions(name, filter));
  const items: StateCounts['items'] = data?.items ?? [];
  const stateName = stateNameOf(name);
  const series: BarSeries[] = [{ key: 'count', name: things, pattern: 'solid' }];
  return (
    <ReportPanel
      title={title}
      summary={`Bar chart of ${things.toLowerCase()} by state: ${items
        .map((item) => `${stateName(item.state)} ${n(item.count)}`)
        .join(', ')}.`}
      status={data === undefined ? <Status error={error} /> : undefined}
      chart={
        <BarChart
          series={series}
          groups={items.map((item) => ({ label: stateName(item.state), values: item }))}
        />
      }
      table={
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col" className="number">
                {things}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.state}>
                <th scope="row">{stateName(item.state)}</th>
                <td className="number">{n(item.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      onDownload={useDownload(name, filter)}
    />
  );
}

/** Reports as charts, each with its table and CSV, for the chosen country and months. */
export default function ReportsScreen() {
  usePageTitle('Reports');
  const staff = useStaff();
  const [filter, setFilter] = useReportFilter();
  const countryId = useId();
  const monthsId = useId();
  // The server answers which countries this staff member may choose (an admin: every one).
  const { data: scope } = useQuery(
    reportQueryOptions('outstanding', { ...filter, country: undefined }),
  );
  const countries = scope?.countries ?? staff.countries;
  return (
    <>
      <h1>Reports</h1>
      <form
        className="toolbar report-filter"
        aria-label="Report filter"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field">
          <label htmlFor={countryId}>Country</label>
          <select
            id={countryId}
            value={filter.country ?? ''}
            onChange={(event) => setFilter({ country: event.target.value || undefined })}
          >
            <option value="">
              {staff.role === 'admin' ? 'All countries' : 'All my countries'}
            </option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={monthsId}>Months shown</label>
          <select
            id={monthsId}
            value={filter.months}
            onChange={(event) => setFilter({ months: Number(event.target.value) })}
          >
            {monthChoices.map((months) => (
              <option key={months} value={months}>
                Last {months} months
              </option>
            ))}
          </select>
        </div>
      </form>
      <div className="report-grid">
        <PointsByMonthReport filter={filter} />
        <EarnedBySourceReport filter={filter} />
        <LapseForecastReport filter={filter} />
        <OutstandingReport filter={filter} />
        <MembersByMonthReport filter={filter} />
        <RedemptionsByGiftReport filter={filter} />
        <StateCountsReport
          name="members-by-state"
          title="Members by state"
          things="Members"
          filter={filter}
        />
        <StateCountsReport
          name="offices-by-state"
          title="Offices by state"
          things="Offices"
          filter={filter}
        />
        <StateCountsReport
          name="orders-by-state"
          title="Orders by state"
          things="Orders"
          filter={filter}
        />
      </div>
    </>
  );
}
