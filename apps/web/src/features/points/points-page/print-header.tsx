import { useCommonState } from '../../../shared/common-state';
import { LeftToRight } from '../../../shared/left-to-right';
import { useFormatDate } from '../../../shared/locale-date';
import { fillNodes } from '../../../shared/points-status/format';
import { useDictionary } from '../../../shared/use-dictionary';

/** Today as YYYY-MM-DD. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The printed statement's heading: whose statement it is (name and member
 * number), the day it was printed and the search it shows. Only print styles
 * show it: on screen the page says all of this already.
 */
export function StatementPrintHeader({ search }: { search: string }) {
  const text = useDictionary();
  const formatDate = useFormatDate();
  const { user } = useCommonState();
  if (user === null) return null;
  const query = new URLSearchParams(search);
  const searchBy = query.get('searchBy');
  const shown =
    searchBy === 'pnr'
      ? fillNodes(text('points.printSearchPnr', 'Search: PNR {pnr}'), {
          pnr: <LeftToRight>{query.get('pnrSearch') ?? ''}</LeftToRight>,
        })
      : searchBy === 'date'
        ? fillNodes(text('points.printSearchDates', 'Search: PNRs booked from {from} to {to}'), {
            from: formatDate(query.get('fromDate') ?? ''),
            to: formatDate(query.get('toDate') ?? ''),
          })
        : [text('points.printSearchNone', 'No search: your latest PNRs')];
  return (
    <div className="points-print-header">
      <p>
        {fillNodes(
          text('points.printMember', 'Points statement of {name}, member number {number}'),
          {
            name: `${user.firstName} ${user.lastName}`,
            number: <LeftToRight>{user.number}</LeftToRight>,
          },
        )}
      </p>
      <p>
        {fillNodes(text('points.printDate', 'Printed on {date}'), { date: formatDate(today()) })}
      </p>
      <p>{shown}</p>
    </div>
  );
}
