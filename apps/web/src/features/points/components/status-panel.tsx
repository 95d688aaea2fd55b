import type { StatusReport } from '@club/contract/points';
import { useDictionary } from '../../../shared/use-dictionary';
import { fill, useFormatNumber } from '../../../shared/points-status/format';
import { Tooltip } from '../../../lib/tooltip';

type Text = ReturnType<typeof useDictionary>;
type Row = { key: keyof StatusReport; label: string; info: string };

/** The three tables of the status panel (spec 2 §2.4 "Member home"), every row with its info. */
function statusTables(text: Text): { key: string; caption: string; rows: Row[] }[] {
  return [
    {
      key: 'segments',
      caption: text('pointsStatus.segments', 'Segments'),
      rows: [
        {
          key: 'totalSegmentsPD',
          label: text('pointsStatus.pending', 'Pending'),
          info: text(
            'pointsStatus.pendingInfo',
            'Booked segments not yet flown or used. They earn points once validated.',
          ),
        },
        {
          key: 'totalSegmentsOk',
          label: text('pointsStatus.validated', 'Validated'),
          info: text(
            'pointsStatus.validatedInfo',
            'Segments flown or used. Their points are credited to you.',
          ),
        },
        {
          key: 'totalSegments',
          label: text('pointsStatus.total', 'Total'),
          info: text(
            'pointsStatus.totalInfo',
            'All your booked segments, pending and validated. Cancelled segments are left out.',
          ),
        },
      ],
    },
    {
      key: 'balance',
      caption: text('pointsStatus.balance', 'Points balance'),
      rows: [
        {
          key: 'accumulated',
          label: text('pointsStatus.accumulated', 'Accumulated'),
          info: text(
            'pointsStatus.accumulatedInfo',
            'Every point credited to you: regular and additional points.',
          ),
        },
        {
          key: 'used',
          label: text('pointsStatus.used', 'Used'),
          info: text('pointsStatus.usedInfo', 'Points you have spent on gifts.'),
        },
        {
          key: 'expired',
          label: text('pointsStatus.expired', 'Expired'),
          info: text(
            'pointsStatus.expiredInfo',
            'Points that lapsed three years after the date they were credited.',
          ),
        },
        {
          key: 'available',
          label: text('pointsStatus.available', 'Available'),
          info: text(
            'pointsStatus.availableInfo',
            'Points you can spend now: accumulated points less used and expired points.',
          ),
        },
      ],
    },
    {
      key: 'kinds',
      caption: text('pointsStatus.kinds', 'Points by kind'),
      rows: [
        {
          key: 'regular',
          label: text('pointsStatus.regular', 'Regular'),
          info: text(
            'pointsStatus.regularInfo',
            'Points from your validated segments: 5 per air segment, 10 per hotel, car or rail segment.',
          ),
        },
        {
          key: 'additional',
          label: text('pointsStatus.additional', 'Additional'),
          info: text(
            'pointsStatus.additionalInfo',
            'Bonus and promotion points, and adjustments made by the club.',
          ),
        },
      ],
    },
  ];
}

/** The points status panel: segments, points balance and points kinds. */
export function StatusPanel({ report }: { report: StatusReport }) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const about = text('pointsStatus.infoLabel', 'About: {label}');
  return (
    <div className="points-status">
      {statusTables(text).map((table) => (
        <table key={table.key} className="points-table points-status__table">
          <caption>{table.caption}</caption>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <span className="points-status__label">
                    {row.label}
                    <Tooltip symbol="i" label={fill(about, { label: row.label })} text={row.info} />
                  </span>
                </th>
                <td className="points-number">{formatNumber(Number(report[row.key]))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
