import type { ExpiryForecast } from '@club/contract/points';
import { useDictionary } from '../../../shared/use-dictionary';
import { fill, useFormatNumber, useMonthLabel } from '../../../shared/points-status/format';
import { useLayout } from '../../../shared/layout-context';
import { calendarNames } from '../../../lib/calendar-names';
import { BarsSvg, ChartWithTable, MonthAxis, type Bar } from './chart-with-table';
import { LocaleDate } from '../../../shared/locale-date';
import { useWording } from '../../../shared/wording';
import './charts.css';

/**
 * When points lapse: the nearest lapse called out ("40 points lapse on 23
 * January 2027"), a bar per month of the next 12 (the month of the nearest
 * lapse marked), and the table of the figures behind it.
 */
export function ExpiryForecastChart({ forecast }: { forecast: ExpiryForecast }) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const monthLabel = useMonthLabel();
  const wording = useWording();
  const { dictionary } = useLayout();
  const { months: shortMonths } = calendarNames(dictionary);
  const next = forecast.next;
  const nextMonth = next?.date.slice(0, 7);
  const most = Math.max(1, ...forecast.months.map((month) => month.points));
  const width = 100 / Math.max(1, forecast.months.length);
  const bars: Bar[] = forecast.months.map((month, index) => {
    const height = (month.points / most) * 96;
    return {
      key: month.month,
      x: index * width + width * 0.15,
      y: 100 - height,
      width: width * 0.7,
      height,
      className:
        month.month === nextMonth ? 'points-chart__bar--next' : 'points-chart__bar--lapsing',
    };
  });
  const total = forecast.months.reduce((sum, month) => sum + month.points, 0);
  return (
    <>
      <p className="points-forecast__next">
        {next
          ? wording.nodes(
              'pointsStatus.nextLapse',
              '{points, plural, one {# point lapses} other {# points lapse}} on {date}.',
              {
                points: next.points,
                date: (
                  <strong>
                    <LocaleDate value={next.date} />
                  </strong>
                ),
              },
            )
          : text('pointsStatus.noLapse', 'No points lapse in the next 12 months.')}
      </p>
      <ChartWithTable
        summary={fill(
          text(
            'pointsStatus.forecastChart',
            'Bar chart of the points lapsing in each of the next 12 months: {total} in all.',
          ),
          { total: formatNumber(total) },
        )}
        chart={
          <>
            <BarsSvg bars={bars} baseline={100} />
            <MonthAxis
              labels={forecast.months.map(
                (month) => shortMonths[Number(month.month.slice(5, 7)) - 1] ?? month.month,
              )}
              every={1}
            />
          </>
        }
        table={
          <table className="points-table points-forecast__table">
            <caption>
              {text('pointsStatus.forecastCaption', 'Points lapsing in each of the next 12 months')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{text('pointsStatus.month', 'Month')}</th>
                <th scope="col" className="points-number">
                  {text('pointsStatus.lapsingPoints', 'Points lapsing')}
                </th>
              </tr>
            </thead>
            <tbody>
              {forecast.months.map((month) => (
                <tr
                  key={month.month}
                  className={month.points === 0 ? 'points-forecast__none' : undefined}
                >
                  <th scope="row">{monthLabel(month.month)}</th>
                  <td className="points-number">{formatNumber(month.points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </>
  );
}
