import { useEffect, useId, useRef, useState } from 'react';
import { bookingRemark, segmentKinds, type SegmentKind } from '@club/contract/earning';
import { useLayout } from '../layout-context';
import { LeftToRight } from '../left-to-right';
import { useDictionary } from '../use-dictionary';
import { useFormatNumber } from '../use-format-number';
import './remark-card.css';

const kindFallbacks: Record<SegmentKind, string> = {
  air: 'Air',
  hotel: 'Hotel',
  car: 'Car',
  rail: 'Rail',
};

/** How long "Copied" stays before the button reads as before. */
const COPIED_SHOWN_MS = 4000;

type CopyState = 'idle' | 'copied' | 'failed';

/** Selects the remark's text, so that a member whose browser refuses the clipboard copies it by hand. */
function selectText(element: HTMLElement | null) {
  const selection = window.getSelection();
  if (element === null || selection === null) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** The copy button and what it says happened, read out by screen readers. */
function CopyRemark({ remark, remarkId }: { remark: string; remarkId: string }) {
  const text = useDictionary();
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    window.clearTimeout(timer.current);
    try {
      // Absent outside secure contexts.
      const clipboard = navigator.clipboard as Clipboard | undefined;
      if (clipboard === undefined) throw new Error('no clipboard');
      await clipboard.writeText(remark);
      setState('copied');
      timer.current = window.setTimeout(() => setState('idle'), COPIED_SHOWN_MS);
    } catch {
      selectText(document.getElementById(remarkId));
      setState('failed');
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary remark-card__copy"
        aria-describedby={remarkId}
        onClick={() => void copy()}
      >
        {text('earning.copy', 'Copy the remark')}
      </button>
      <span className="remark-card__copied" role="status">
        {state === 'copied' ? text('earning.copied', 'Copied') : null}
        {state === 'failed'
          ? text(
              'earning.copyFailed',
              'Copying did not work: the remark is selected, copy it yourself.',
            )
          : null}
      </span>
    </>
  );
}

/** What each segment kind earns in the member's country, as the server's layout says. */
function SegmentPointsTable() {
  const { earning } = useLayout();
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  if (earning === undefined) return null;
  return (
    <table className="remark-card__earns">
      <caption>{text('earning.earnsCaption', 'What each segment earns')}</caption>
      <thead>
        <tr>
          <th scope="col">{text('earning.colSegment', 'Segment')}</th>
          <th scope="col" className="remark-card__points">
            {text('earning.colPoints', 'Points')}
          </th>
        </tr>
      </thead>
      <tbody>
        {segmentKinds.map((kind) => (
          <tr key={kind}>
            <th scope="row">{text(`points.kind.${kind}`, kindFallbacks[kind])}</th>
            <td className="remark-card__points">{formatNumber(earning.segmentPoints[kind])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The campaigns running today (earning rules), named in the page's language: "March hotels ×2". */
function RunningCampaigns() {
  const { earning } = useLayout();
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const campaigns = earning?.campaigns ?? [];
  if (campaigns.length === 0) return null;
  const effect = (campaign: (typeof campaigns)[number]) =>
    campaign.multiplier !== null
      ? `×${Number.isInteger(campaign.multiplier) ? formatNumber(campaign.multiplier) : campaign.multiplier.toLocaleString(document.documentElement.lang || undefined)}`
      : `+${formatNumber(campaign.points ?? 0)}`;
  return (
    <div className="remark-card__campaigns">
      <h3>{text('earning.campaignsTitle', 'Running campaigns')}</h3>
      <ul>
        {campaigns.map((campaign) => (
          <li key={campaign.name}>
            {campaign.name} {effect(campaign)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Your booking remark" (issue 30): `RM*AMA {number}` exactly as it must be
 * typed, with its space, always left to right (a right-to-left page must not
 * show `1000003 RM*AMA`); a copy button whose outcome is announced; where the
 * remark goes; and what each segment earns in the member's country.
 */
export function RemarkCard({ memberNumber }: { memberNumber: string }) {
  const text = useDictionary();
  const titleId = useId();
  const remarkId = useId();
  const remark = bookingRemark(memberNumber);
  return (
    <section className="remark-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{text('earning.title', 'Your booking remark')}</h2>
      <div className="remark-card__line">
        <code id={remarkId} className="remark-card__remark">
          <LeftToRight>{remark}</LeftToRight>
        </code>
        <CopyRemark remark={remark} remarkId={remarkId} />
      </div>
      <p className="remark-card__where">
        {text(
          'earning.where',
          'Type it in the remarks of every booking you make with your office ID, exactly as shown and with the space, before you end the transaction.',
        )}
      </p>
      <SegmentPointsTable />
      <RunningCampaigns />
    </section>
  );
}
