import type { ExpiryForecast } from '@club/contract/points';
import { useDictionary } from '../../../shared/use-dictionary';
import { useFormatNumber, useMonthLabel } from '../../../shared/points-status/format';
import { LocaleDate } from '../../../shared/locale-date';
import { useWording } from '../../../shared/wording';

/**
 * When points lapse: the next lapse in a sentence, and a table of the points
 * lapsing in each of the next 12 months (this one first).
 */
export function ExpiryForecastView({ forecast }: { forecast: ExpiryForecast }) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const monthLabel = useMonthLabel();
  const wording = useWording();
  return (
    <>
      {forecast.next ? (
        <p className="points-forecast__next">
          {wording.nodes(
            'pointsStatus.nextLapse',
            '{points, plural, one {# point lapses} other {# points lapse}} on {date}.',
            { points: forecast.next.points, date: <LocaleDate value={forecast.next.date} /> },
          )}
        </p>
      ) : (
        <p className="points-forecast__next">
          {text('pointsStatus.noLapse', 'No points lapse in the next 12 months.')}
        </p>
      )}
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
    </>
  );
}
