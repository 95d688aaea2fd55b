import type { PointsHistory } from '@club/contract/points';
import { useDictionary } from '../../../shared/use-dictionary';
import { fill, useFormatNumber, useMonthLabel } from '../../../shared/points-status/format';
import { BarsSvg, ChartWithTable, MonthAxis, type Bar } from './chart-with-table';
import './charts.css';

const series = ['earned', 'spent', 'expired'] as const;

/**
 * Points earned (above the line), spent on gifts and lapsed (below it) in each
 * of the last 24 months, and the table of the figures behind the chart.
 */
export function PointsHistoryChart({ history }: { history: PointsHistory }) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const monthLabel = useMonthLabel();
  const names = {
    earned: text('points.colEarned', 'Earned'),
    spent: text('points.colSpent', 'Spent'),
    expired: text('points.colExpired', 'Lapsed'),
  };
  const months = history.months;
  // Net figures can be negative (a refund in a later month than its order): drawn as nothing.
  const up = (month: (typeof months)[number]) => Math.max(0, month.earned);
  const down = (month: (typeof months)[number]) =>
    Math.max(0, month.spent) + Math.max(0, month.expired);
  const mostUp = Math.max(0, ...months.map(up));
  const mostDown = Math.max(0, ...months.map(down));
  const range = Math.max(1, mostUp + mostDown);
  const baseline = (mostUp / range) * 100 || (mostDown > 0 ? 0 : 100);
  const width = 100 / Math.max(1, months.length);
  const bars: Bar[] = months.flatMap((month, index) => {
    const x = index * width + width * 0.15;
    const barWidth = width * 0.7;
    const earned = (up(month) / range) * 100;
    const spent = (Math.max(0, month.spent) / range) * 100;
    const expired = (Math.max(0, month.expired) / range) * 100;
    return [
      {
        key: `${month.month}-earned`,
        x,
        y: baseline - earned,
        width: barWidth,
        height: earned,
        className: 'points-chart__bar--earned',
      },
      {
        key: `${month.month}-spent`,
        x,
        y: baseline,
        width: barWidth,
        height: spent,
        className: 'points-chart__bar--spent',
      },
      {
        key: `${month.month}-expired`,
        x,
        y: baseline + spent,
        width: barWidth,
        height: expired,
        className: 'points-chart__bar--expired',
      },
    ].filter((bar) => bar.height > 0);
  });
  const totals = Object.fromEntries(
    series.map((name) => [name, formatNumber(months.reduce((sum, month) => sum + month[name], 0))]),
  );
  return (
    <ChartWithTable
      summary={fill(
        text(
          'points.historyChart',
          'Bar chart of the last 24 months: {earned} points earned, {spent} spent and {expired} lapsed.',
        ),
        totals,
      )}
      chart={
        <>
          <BarsSvg bars={bars} baseline={baseline} />
          <MonthAxis labels={months.map((month) => monthLabel(month.month))} every={6} />
        </>
      }
      legend={
        <ul className="points-chart__legend">
          {series.map((name) => (
            <li key={name}>
              <span
                className={`points-chart__swatch points-chart__bar--${name}`}
                aria-hidden="true"
              />
              {names[name]}
            </li>
          ))}
        </ul>
      }
      table={
        <table className="points-table points-history__table">
          <caption>
            {text(
              'points.historyCaption',
              'Points earned, spent and lapsed in each of the last 24 months',
            )}
          </caption>
          <thead>
            <tr>
              <th scope="col">{text('pointsStatus.month', 'Month')}</th>
              {series.map((name) => (
                <th key={name} scope="col" className="points-number">
                  {names[name]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...months].reverse().map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                {series.map((name) => (
                  <td key={name} className="points-number" data-label={names[name]}>
                    {formatNumber(month[name])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
