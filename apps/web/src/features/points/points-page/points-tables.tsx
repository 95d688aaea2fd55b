import { Fragment, useId, type ReactNode } from 'react';
import type { PointsPage, PointsRow } from '@club/contract/points';
import { useDictionary } from '../../../shared/use-dictionary';
import { LeftToRight } from '../../../shared/left-to-right';
import { fillNodes, useFormatNumber } from '../../../shared/points-status/format';
import { LocaleDate } from '../../../shared/locale-date';

/**
 * A table in a scrolling container of at most 600 px (spec 2 §9 "Table
 * scroll height in the points view is 600 px") with a sticky header. The
 * container is a named region that takes focus, so it scrolls by keyboard.
 */
function ScrollTable({ caption, children }: { caption: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="points-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="points-table points-table--sticky points-table--cards">
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

function useStatusText() {
  const text = useDictionary();
  return (status: 'PD' | 'OK') =>
    status === 'OK' ? text('points.status.OK', 'Validated') : text('points.status.PD', 'Pending');
}

/** The segments of a PNR (with "Show segments"), in a row of their own below it. */
function SegmentsRow({ row, columns }: { row: PointsRow; columns: number }) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const statusText = useStatusText();
  const kinds: Record<string, string> = {
    air: text('points.kind.air', 'Air'),
    hotel: text('points.kind.hotel', 'Hotel'),
    car: text('points.kind.car', 'Car'),
    rail: text('points.kind.rail', 'Rail'),
  };
  const labels = {
    kind: text('points.colKind', 'Kind'),
    serviceDate: text('points.colServiceDate', 'Service date'),
    status: text('points.colStatus', 'Status'),
    points: text('points.colPoints', 'Points'),
    expires: text('points.colExpires', 'Lapse on'),
    rules: text('points.colRules', 'How earned'),
  };
  // A multiplier may have one decimal (×1.5), written as the page's language writes it.
  const multiplierText = (value: number) =>
    Number.isInteger(value)
      ? formatNumber(value)
      : value.toLocaleString(document.documentElement.lang || undefined);
  // "Hotel 10 + March hotels ×2": the earning rules that gave (or will give) the points.
  const ruleText = (
    kind: string,
    rule: NonNullable<PointsRow['segments'][number]['rules']>[number],
  ) =>
    rule.kind === 'base'
      ? `${kinds[kind] ?? kind} ${formatNumber(rule.points ?? 0)}`
      : `${rule.name === '' ? text('points.ruleCampaign', 'Campaign') : rule.name} ${
          rule.multiplier !== null
            ? `×${multiplierText(rule.multiplier)}`
            : `+${formatNumber(rule.points ?? 0)}`
        }`;
  return (
    <tr className="points-table__details">
      <td colSpan={columns}>
        <table className="points-table points-table--segments points-table--cards">
          <caption>
            {fillNodes(text('points.segmentsCaption', 'Segments of PNR {pnr}'), {
              pnr: <LeftToRight>{row.pnr}</LeftToRight>,
            })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{labels.kind}</th>
              <th scope="col">{labels.serviceDate}</th>
              <th scope="col">{labels.status}</th>
              <th scope="col" className="points-number">
                {labels.points}
              </th>
              <th scope="col">{labels.expires}</th>
              <th scope="col">{labels.rules}</th>
            </tr>
          </thead>
          <tbody>
            {row.segments.map((segment) => (
              <tr key={segment.segmentId}>
                <td data-label={labels.kind}>{kinds[segment.kind] ?? segment.kind}</td>
                <td data-label={labels.serviceDate}>
                  <LocaleDate value={segment.serviceDate} style="short" />
                </td>
                <td data-label={labels.status}>{statusText(segment.status)}</td>
                <td className="points-number" data-label={labels.points}>
                  {formatNumber(segment.points)}
                </td>
                <td data-label={labels.expires}>
                  {segment.expiresOn ? <LocaleDate value={segment.expiresOn} style="short" /> : '—'}
                </td>
                <td data-label={labels.rules}>
                  {segment.rules === undefined || segment.rules.length === 0
                    ? '—'
                    : segment.rules.map((rule) => ruleText(segment.kind, rule)).join(' + ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </td>
    </tr>
  );
}

/** A PNR whose claim can be filed from its row: the PNR and its travel date. */
export type ClaimStart = { pnr: string; travelDate: string };

/**
 * PNR points: every PNR with its segments and points, and the totals. A
 * validated PNR that earned nothing offers a missing-points claim
 * (`onClaim`); one a claim credited says so.
 */
export function PnrPointsTable({
  data,
  onClaim,
}: {
  data: PointsPage;
  onClaim?: (start: ClaimStart) => void;
}) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const statusText = useStatusText();
  const details = data.details === '1';
  if (data.noneDet)
    return <p className="points-empty">{text('points.noneDet', 'No PNR matches your search.')}</p>;
  // A search that found only PNRs that earned nothing: they are listed below, with why.
  if (data.points.length === 0 && data.queued.length > 0)
    return (
      <p className="points-empty">
        {text(
          'points.onlyQueued',
          'The PNRs your search found earned no points; see why under “PNRs that earned no points”.',
        )}
      </p>
    );
  if (data.points.length === 0)
    return <p className="points-empty">{text('points.noPnrs', 'No PNR has earned points yet.')}</p>;
  const labels = {
    pnr: text('points.colPnr', 'PNR'),
    booked: text('points.colBooked', 'Booked on'),
    legs: text('points.colLegs', 'Segments'),
    legsOk: text('points.colLegsOk', 'Validated segments'),
    price: text('points.colPrice', 'Points when all validated'),
    points: text('points.colPoints', 'Points'),
    status: text('points.colStatus', 'Status'),
  };
  return (
    <ScrollTable caption={text('points.pnrCaption', 'Points per PNR')}>
      <thead>
        <tr>
          <th scope="col">{labels.pnr}</th>
          <th scope="col">{labels.booked}</th>
          <th scope="col" className="points-number">
            {labels.legs}
          </th>
          <th scope="col" className="points-number">
            {labels.legsOk}
          </th>
          <th scope="col" className="points-number">
            {labels.price}
          </th>
          <th scope="col" className="points-number">
            {labels.points}
          </th>
          <th scope="col">{labels.status}</th>
        </tr>
      </thead>
      <tbody>
        {data.points.map((row) => (
          <Fragment key={row.pnr}>
            <tr>
              <th scope="row" data-label={labels.pnr}>
                <LeftToRight>{row.pnr}</LeftToRight>
              </th>
              <td data-label={labels.booked}>
                <LocaleDate value={row.date} style="short" />
              </td>
              <td className="points-number" data-label={labels.legs}>
                {formatNumber(row.legs)}
              </td>
              <td className="points-number" data-label={labels.legsOk}>
                {formatNumber(row.legSOK)}
              </td>
              <td className="points-number" data-label={labels.price}>
                {formatNumber(row._Price)}
              </td>
              <td className="points-number" data-label={labels.points}>
                {formatNumber(row.points)}
              </td>
              <td data-label={labels.status}>
                {statusText(row.status)}
                {row.paidByClaim ? (
                  <p className="points-muted">
                    {text(
                      'claims.paidByClaim',
                      'Earns nothing here: your approved claim already credited this booking’s points.',
                    )}
                  </p>
                ) : onClaim !== undefined && row.status === 'OK' && row.points === 0 ? (
                  <button
                    type="button"
                    className="button button--secondary points-claim-button"
                    onClick={() =>
                      onClaim({
                        pnr: row.pnr,
                        travelDate: row.segments[0]?.serviceDate ?? row.date,
                      })
                    }
                  >
                    {fillNodes(text('claims.claimThis', 'Claim missing points for PNR {pnr}'), {
                      pnr: <LeftToRight>{row.pnr}</LeftToRight>,
                    })}
                  </button>
                ) : null}
              </td>
            </tr>
            {details && row.segments.length > 0 ? <SegmentsRow row={row} columns={7} /> : null}
          </Fragment>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            {text('points.total', 'Total')}
          </th>
          <td className="points-number" data-label={labels.legsOk}>
            {formatNumber(data.totlegsOK)}
          </td>
          <td />
          <td className="points-number" data-label={labels.points}>
            {formatNumber(data.totpoints)}
          </td>
          <td />
        </tr>
      </tfoot>
    </ScrollTable>
  );
}

/** Additional points: bonuses, promotions and adjustments, and their sum. */
export function AdditionalPointsTable({ data }: { data: PointsPage }) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  if (data.addArray.length === 0)
    return (
      <p className="points-empty">{text('points.noAdditional', 'No additional points yet.')}</p>
    );
  const labels = {
    date: text('points.colDate', 'Date'),
    description: text('points.colDescription', 'Description'),
    pnr: text('points.colPnr', 'PNR'),
    points: text('points.colPoints', 'Points'),
  };
  return (
    <ScrollTable caption={text('points.additionalCaption', 'Additional points')}>
      <thead>
        <tr>
          <th scope="col">{labels.date}</th>
          <th scope="col">{labels.description}</th>
          <th scope="col">{labels.pnr}</th>
          <th scope="col" className="points-number">
            {labels.points}
          </th>
        </tr>
      </thead>
      <tbody>
        {data.addArray.map((row) => (
          <tr key={row.id}>
            <td data-label={labels.date}>
              <LocaleDate value={row.date} style="short" />
            </td>
            <td data-label={labels.description}>{row.description}</td>
            <td data-label={labels.pnr}>{row.pnr ? <LeftToRight>{row.pnr}</LeftToRight> : '—'}</td>
            <td className="points-number" data-label={labels.points}>
              {formatNumber(row.points)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            {text('points.total', 'Total')}
          </th>
          <td className="points-number" data-label={labels.points}>
            {formatNumber(data.summAdd)}
          </td>
        </tr>
      </tfoot>
    </ScrollTable>
  );
}
