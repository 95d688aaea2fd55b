import { useId } from 'react';
import { Link } from '../../../shared/navigation/link';
import type { ArchivePointsPage } from '@club/contract/points';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenProps } from '../../../shared/screens';
import { pagePath } from '../../../shared/paths';
import { useDictionary } from '../../../shared/use-dictionary';
import { useFormatNumber } from '../../../shared/points-status/format';
import { LocaleDate } from '../../../shared/locale-date';
import '../points.css';

/**
 * Archive points (spec 2 §2.4; open to everyone, on the grey background): the
 * archived balance of a previous programme period — archive date,
 * accumulated, additional, used and remaining points. Guests are asked to log
 * in; a member without an archived balance is told so.
 */
export function ArchivePointsScreen({ page }: ScreenProps) {
  const { archive = null, loggedIn = false } = page as Partial<ArchivePointsPage>;
  const layout = useLayout();
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const titleId = useId();
  return (
    <section className="container points-archive" aria-labelledby={titleId}>
      <h1 id={titleId}>{page.title.trim() || text('archivePoints.title', 'Archived points')}</h1>
      {!loggedIn ? (
        <p className="points-archive__notice">
          {text('archivePoints.loginPrompt', 'Log in to see the points archived for you.')}{' '}
          <Link to={pagePath(layout, 'login')}>{text('archivePoints.loginLink', 'Log in')}</Link>
        </p>
      ) : archive === null ? (
        <p className="points-archive__notice">
          {text('archivePoints.none', 'You have no archived points.')}
        </p>
      ) : (
        <>
          <p className="points-muted">
            {text(
              'archivePoints.text',
              'The points balance carried over from the previous programme period.',
            )}
          </p>
          <dl className="points-archive__list">
            <div>
              <dt>{text('archivePoints.archiveDate', 'Archive date')}</dt>
              <dd>
                <LocaleDate value={archive.archiveDate} />
              </dd>
            </div>
            <div>
              <dt>{text('archivePoints.accumulated', 'Total accumulated')}</dt>
              <dd>{formatNumber(archive.accumulated)}</dd>
            </div>
            <div>
              <dt>{text('archivePoints.additional', 'Additional')}</dt>
              <dd>{formatNumber(archive.additional)}</dd>
            </div>
            <div>
              <dt>{text('archivePoints.used', 'Used')}</dt>
              <dd>{formatNumber(archive.used)}</dd>
            </div>
            <div className="points-archive__remaining">
              <dt>{text('archivePoints.remaining', 'Remaining')}</dt>
              <dd>{formatNumber(archive.remaining)}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
