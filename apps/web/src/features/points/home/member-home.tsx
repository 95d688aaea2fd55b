import { useId } from 'react';
import { Link } from '../../../shared/navigation/link';
import { useQuery } from '@tanstack/react-query';
import type { StatusReport } from '@club/contract/points';
import { useCommonState } from '../../../shared/common-state';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenPrefetch, ScreenProps } from '../../../shared/screens';
import { pagePath } from '../../../shared/paths';
import { useReloadWhenLoggedOut } from '../../../shared/user/use-session';
import { httpClient } from '../../../lib/http-client';
import { useDictionary } from '../../../shared/use-dictionary';
import { expiryForecastQueryOptions, useExpiryForecast } from '../api/expiry-forecast';
import { statusReportQueryOptions } from '../../../shared/points-status/status-report';
import { ExpiryForecastChart } from '../charts/forecast-chart';
import { fill, fillNodes, useFormatNumber } from '../../../shared/points-status/format';
import { LocaleDate } from '../../../shared/locale-date';
import { Loading, Unavailable } from '../../../shared/points-status/query-state';
import { StatusPanel } from '../components/status-panel';
import '../points.css';
import { loadMessageFormat, useWording } from '../../../shared/wording';
import { RemarkCard } from '../../../shared/remark-card/remark-card';
import { taxDetailsQueryOptions } from '../../../shared/tax-details/tax-details-api';
import { TaxState } from '../../../shared/tax-details/tax-state';

/**
 * While gift ordering is closed (the country's switch or its ordering
 * dates), home offers no "Spend my points": it says ordering is closed and,
 * when content or the next ordering range says, when it reopens.
 */
function OrderingClosed({ reopensOn }: { reopensOn: string | null }) {
  const text = useDictionary();
  return (
    <div className="points-home__spend">
      <p className="alert alert--info">
        {text('memberHome.orderingClosed', 'Gift ordering is closed at the moment.')}
        {reopensOn !== null ? (
          <>
            {' '}
            {fillNodes(text('memberHome.orderingReopens', 'It reopens on {date}.'), {
              date: <LocaleDate value={reopensOn} />,
            })}
          </>
        ) : null}
      </p>
    </div>
  );
}

/**
 * "Spend my points" (spec 2 §2.4): a link to the gift list, or, while the
 * order partner is off, a disabled button with the maintenance message;
 * nothing to spend on while ordering is closed.
 */
function SpendPoints({ report }: { report: StatusReport }) {
  const layout = useLayout();
  const text = useDictionary();
  const messageId = useId();
  const label = text('memberHome.spend', 'Spend my points');
  if (report.orderingClosed === true)
    return <OrderingClosed reopensOn={report.orderingReopensOn ?? null} />;
  // Nothing to spend yet: no button that leads to gifts the member cannot order.
  if (report.available <= 0) return null;
  if (!report.edenredIsOff)
    return (
      <p className="points-home__spend">
        <Link className="button" to={pagePath(layout, 'gifts')}>
          {label}
        </Link>
      </p>
    );
  return (
    <div className="points-home__spend">
      <button type="button" className="button" aria-disabled="true" aria-describedby={messageId}>
        {label}
      </button>
      <p id={messageId} className="alert alert--info">
        {text(
          'memberHome.maintenance',
          "Sorry, we're doing some important maintenance and your gift store is temporarily unavailable. Please come back tomorrow to order a gift.",
        )}
      </p>
    </div>
  );
}

/**
 * Where the member's tax details stand (issue 30): nothing sent or refused
 * (with the reason) links to the form on the gift list; sent says it is
 * being checked; confirmed says the member is ready to order, unless the
 * ordering dates close it (home then says when it reopens).
 */
function TaxStatus({ number, orderingClosed }: { number: string; orderingClosed: boolean }) {
  const details = useQuery(taxDetailsQueryOptions(number));
  if (details.data === undefined) return null;
  const { state, reason } = details.data;
  if (state === 'confirmed' && orderingClosed) return null;
  return <TaxState state={state} reason={reason} linkToForm />;
}

/** A member who never earned a point and has no segment on the way: nothing to chart or spend yet. */
function hasNoPointsYet(report: StatusReport): boolean {
  return report.accumulated === 0 && report.totalSegments === 0;
}

/**
 * "How to start" for a member with no points yet (issue 30): the booking
 * remark with what each segment earns, the steps to the first gift and how
 * long points live, instead of an empty status, chart and "Spend my points".
 */
function HowToStart({ number }: { number: string }) {
  const text = useDictionary();
  const wording = useWording();
  const { earning } = useLayout();
  const titleId = useId();
  return (
    <>
      <p className="points-home__lead">
        {text('memberHome.noPointsYet', 'You have no points yet.')}
      </p>
      <RemarkCard memberNumber={number} />
      <section className="points-home__section points-home__start" aria-labelledby={titleId}>
        <h2 id={titleId}>{text('memberHome.startTitle', 'How to start earning points')}</h2>
        <ol className="points-home__steps">
          <li>
            {text(
              'memberHome.startRemark',
              'Add your booking remark to every booking you make with your office ID.',
            )}
          </li>
          <li>
            {text(
              'memberHome.startPending',
              'Each segment shows as pending once the booking reaches us, and earns its points when it is flown or used.',
            )}
          </li>
          <li>{text('memberHome.startGifts', 'Spend your points on gifts from the gift list.')}</li>
        </ol>
        <TaxStatus number={number} orderingClosed={false} />
        {earning !== undefined ? (
          <p>
            {wording.text(
              'memberHome.lifetime',
              'Points stay yours for {years, plural, one {# year} other {# years}} from the day they are credited.',
              { years: earning.creditLifetimeYears },
            )}
          </p>
        ) : null}
      </section>
    </>
  );
}

/** The points of the member: available points, spending, the booking remark, the status panel. */
function MemberPoints({ number }: { number: string }) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const status = useQuery(statusReportQueryOptions(number, httpClient));
  const statusTitleId = useId();
  if (status.isPending) return <Loading />;
  if (status.isError) return <Unavailable onRetry={() => void status.refetch()} />;
  const report = status.data;
  if (hasNoPointsYet(report)) return <HowToStart number={number} />;
  return (
    <>
      {/* The balance and the next action come first, so a phone shows them without scrolling. */}
      <div className="points-home__summary">
        <p className="points-home__available">
          <span>{text('pointsStatus.availableLead', 'Available points')}</span>
          <strong className="points-home__available-value">{formatNumber(report.available)}</strong>
        </p>
        <SpendPoints report={report} />
        <TaxStatus number={number} orderingClosed={report.orderingClosed === true} />
      </div>
      <p className="points-muted">
        {text(
          'memberHome.text',
          'Every air, hotel, car or rail segment you book earns points that you can redeem for gifts.',
        )}
      </p>
      <RemarkCard memberNumber={number} />
      <section className="points-home__section" aria-labelledby={statusTitleId}>
        <h2 id={statusTitleId}>{text('pointsStatus.title', 'Your points status')}</h2>
        <StatusPanel report={report} />
      </section>
    </>
  );
}

/**
 * The expiry forecast of the member home (beyond the spec: "when do my points
 * lapse?"), loaded beside the status report; none for a member with no points
 * yet, who has nothing to lapse.
 */
function Forecast({ number }: { number: string }) {
  const text = useDictionary();
  const status = useQuery(statusReportQueryOptions(number, httpClient));
  const forecast = useExpiryForecast(number);
  const titleId = useId();
  if (status.data !== undefined && hasNoPointsYet(status.data)) return null;
  return (
    <section className="points-home__section" aria-labelledby={titleId}>
      <h2 id={titleId}>{text('pointsStatus.forecastTitle', 'When your points lapse')}</h2>
      {forecast.isPending ? <Loading /> : null}
      {forecast.isError ? <Unavailable onRetry={() => void forecast.refetch()} /> : null}
      {forecast.data ? <ExpiryForecastChart forecast={forecast.data} /> : null}
    </section>
  );
}

/**
 * The member home on `home` for a stored session (spec 2 §2.4 "Member home"):
 * welcome by first name, available points, "Spend my points", the booking
 * remark card, the status panel's three tables, the expiry forecast and a
 * link to the points page; "how to start" for a member with no points yet.
 */
export function MemberHome(_props: ScreenProps) {
  const { user, userCheckError } = useCommonState();
  const layout = useLayout();
  const text = useDictionary();
  useReloadWhenLoggedOut();

  if (user === null)
    return userCheckError ? (
      <section className="container points-home" aria-labelledby="member-home-title">
        <h1 id="member-home-title" className="visually-hidden">
          {text('memberHome.title', 'Your club')}
        </h1>
        <Unavailable />
      </section>
    ) : null;
  return (
    <section className="container points-home" aria-labelledby="member-home-title">
      <h1 id="member-home-title">
        {fill(text('memberHome.welcome', 'Welcome, {firstName}!'), { firstName: user.firstName })}
      </h1>
      <MemberPoints number={user.number} />
      <Forecast number={user.number} />
      <p>
        <Link to={pagePath(layout, 'points')}>
          {text('pointsStatus.pointsLink', 'See all my points and PNRs')}
        </Link>
      </p>
    </section>
  );
}

/** The status report and forecast come with the page (the page loader waits on them). */
MemberHome.prefetch = async ({ queryClient, user }: ScreenPrefetch): Promise<void> => {
  if (user === null) return;
  await Promise.all([
    // The expiry forecast's sentence is worded with plural forms.
    loadMessageFormat(),
    queryClient.prefetchQuery(statusReportQueryOptions(user.number, httpClient)),
    queryClient.prefetchQuery(expiryForecastQueryOptions(user.number)),
    queryClient.prefetchQuery(taxDetailsQueryOptions(user.number)),
  ]);
};
