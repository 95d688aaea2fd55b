import { useId } from 'react';
import { Link } from '../navigation/link';
import { useQuery } from '@tanstack/react-query';
import { useLayout } from '../layout-context';
import { pagePath } from '../paths';
import { useDictionary } from '../use-dictionary';
import { statusReportQueryOptions, type HttpGet } from './status-report';
import { useFormatNumber } from './format';
import { Loading, Unavailable } from './query-state';
import './side-panel.css';

export type PointsSidePanelProps = {
  number: string;
  /**
   * The app's HTTP client, from the screen that shows the panel. The panel's
   * chunk does not import it: when it did, the bundler moved the client
   * configuration out of the first script into an extra initial chunk (it
   * does so for modules of the first script reached from a lazy chunk loaded
   * by another lazy chunk; decision 006).
   */
  client: HttpGet;
};

/**
 * The points table side panel for registered users on the FAQ and profile
 * pages (spec 1 §2): available points, pending and validated segments (the
 * member home's status report, same query) and a link to the points page.
 * Its screen renders it lazily inside a `.points-panel-frame`, which this
 * chunk's styles turn into two columns.
 */
export default function PointsSidePanel({ number, client }: PointsSidePanelProps) {
  const layout = useLayout();
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const status = useQuery(statusReportQueryOptions(number, client));
  const titleId = useId();
  const report = status.data;
  return (
    <aside className="points-aside" aria-labelledby={titleId}>
      <h2 id={titleId} className="points-aside__title">
        {text('pointsStatus.panelTitle', 'Your points')}
      </h2>
      {report ? (
        <dl className="points-aside__list">
          <div>
            <dt>{text('pointsStatus.available', 'Available')}</dt>
            <dd>{formatNumber(report.available)}</dd>
          </div>
          <div>
            <dt>{text('pointsStatus.pendingSegments', 'Pending segments')}</dt>
            <dd>{formatNumber(report.totalSegmentsPD)}</dd>
          </div>
          <div>
            <dt>{text('pointsStatus.validatedSegments', 'Validated segments')}</dt>
            <dd>{formatNumber(report.totalSegmentsOk)}</dd>
          </div>
        </dl>
      ) : status.isError ? (
        <Unavailable onRetry={() => void status.refetch()} />
      ) : (
        <Loading />
      )}
      <p className="points-aside__link">
        <Link to={pagePath(layout, 'points')}>
          {text('pointsStatus.panelLink', 'See my points')}
        </Link>
      </p>
    </aside>
  );
}
