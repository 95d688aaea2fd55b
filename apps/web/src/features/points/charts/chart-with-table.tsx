import { useId, useState, type ReactNode } from 'react';
import { useDictionary } from '../../../shared/use-dictionary';

/**
 * A chart and the table of its figures: the chart is an image with a summary
 * for screen readers (`role="img"`, `aria-label`), and a "Show as table"
 * button (`aria-expanded`) reveals the real table behind it. Printing shows
 * the table too.
 */
export function ChartWithTable({
  summary,
  chart,
  legend,
  table,
}: {
  /** What the chart shows, in a sentence: its accessible name. */
  summary: string;
  chart: ReactNode;
  legend?: ReactNode;
  table: ReactNode;
}) {
  const text = useDictionary();
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <div className="points-chart">
      <div className="points-chart__figure" role="img" aria-label={summary}>
        {chart}
      </div>
      {legend}
      <button
        type="button"
        className="button button--secondary points-chart__toggle"
        aria-expanded={open}
        aria-controls={tableId}
        onClick={() => setOpen((value) => !value)}
      >
        {open
          ? text('pointsStatus.hideTable', 'Hide the table')
          : text('pointsStatus.showTable', 'Show as table')}
      </button>
      <div id={tableId} className="points-chart__table" hidden={!open}>
        {table}
      </div>
    </div>
  );
}

/** Bars of one month each, as percentages of the chart's box (the SVG stretches; the labels are HTML). */
export type Bar = {
  key: string;
  x: number;
  y: number;
  width: number;
  height: number;
  className: string;
};

/** A stretching SVG of bars and a zero line; hidden from assistive technology (its box carries the summary). */
export function BarsSvg({ bars, baseline }: { bars: Bar[]; baseline: number }) {
  return (
    <svg
      className="points-chart__svg"
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      {bars.map((bar) => (
        <rect
          key={bar.key}
          className={bar.className}
          x={bar.x}
          y={bar.y}
          width={bar.width}
          height={bar.height}
        />
      ))}
      <line
        className="points-chart__baseline"
        x1="0"
        x2="100"
        y1={baseline}
        y2={baseline}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** Month labels under the bars: `count` columns, a label every `every` months. */
export function MonthAxis({ labels, every }: { labels: string[]; every: number }) {
  return (
    <div
      className="points-chart__axis"
      aria-hidden="true"
      style={{ gridTemplateColumns: `repeat(${labels.length}, minmax(0, 1fr))` }}
    >
      {labels.map((label, index) =>
        index % every === 0 ? (
          <span key={index} style={{ gridColumn: `${index + 1} / span ${every}` }}>
            {label}
          </span>
        ) : null,
      )}
    </div>
  );
}
