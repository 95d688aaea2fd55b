import { useEffect, useId, useRef, useState } from 'react';
import { formatNumber } from '../../../lib/english-format';

/** One series of bars: its name (the legend's), colour class and pattern. */
export type BarSeries = {
  key: string;
  name: string;
  pattern: 'solid' | 'stripes' | 'dots' | 'grid';
};

/**
 * One group of bars on the horizontal axis: its label and one value per
 * series; `current` marks this month (its figures so far), labelled above
 * its bars and always on the axis.
 */
export type BarGroup = {
  label: string;
  values: Readonly<Record<string, number | string>>;
  current?: boolean;
};

/** The chart's width before it is measured (and in tests, which lay nothing out). */
const defaultWidth = 640;
const height = 240;
const padding = { top: 28, right: 8, bottom: 40, left: 64 };
/** Text in the chart, in CSS pixels: the drawing is never scaled, so this is what is read. */
export const chartTextPx = 12;
/** Room an axis label takes (`Nov 2026` at 12 px, with a gap). */
const labelRoom = 64;

/**
 * The width the chart is drawn at: its box's, measured. The SVG's user
 * units are then CSS pixels, so 12 px text is 12 px on the screen at every
 * width (a fixed drawing scaled into a narrow panel shrank it to 9 px).
 */
function useMeasuredWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(defaultWidth);
  useEffect(() => {
    const box = ref.current;
    if (box === null || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.floor(box.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A label cut to the room it has (12 px text: about 7 px a character), ending in an ellipsis. */
function fitted(label: string, room: number): string {
  const most = Math.max(3, Math.floor(room / 7));
  return label.length <= most ? label : `${label.slice(0, most - 1)}…`;
}

/** A series' pattern over its colour. */
function PatternMarks({ pattern }: { pattern: BarSeries['pattern'] }) {
  if (pattern === 'stripes') return <rect width="2" height="6" fill="#ffffff" />;
  if (pattern === 'dots') return <circle cx="3" cy="3" r="1.2" fill="#ffffff" />;
  if (pattern === 'grid') {
    return (
      <>
        <rect width="6" height="1.5" fill="#ffffff" />
        <rect width="1.5" height="6" fill="#ffffff" />
      </>
    );
  }
  return null;
}

/** A round step for about four grid lines up to `most`. */
function gridStep(most: number): number {
  if (most <= 0) return 1;
  const rough = most / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const scaled = rough / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/**
 * Bars drawn by hand in SVG: one bar per series in each group, side by side.
 * Series differ by colour AND by pattern (solid, stripes, dots), so that no
 * one needs to tell colours apart; a chart of one series writes each value
 * above its bar. The SVG is decoration of the figure around it, which names
 * it (`role="img"`, `aria-label`) and offers the table.
 */
export function BarChart({
  series,
  groups,
  labelEvery = 1,
}: {
  series: readonly BarSeries[];
  groups: readonly BarGroup[];
  /** Label every n-th group on the axis at least (long month ranges); narrow charts label fewer. */
  labelEvery?: number;
}) {
  const id = useId().replace(/:/g, '');
  const [box, width] = useMeasuredWidth();
  const valueOf = (group: BarGroup, key: string) => Number(group.values[key] ?? 0);
  const values = groups.flatMap((group) => series.map((one) => valueOf(group, one.key)));
  const step = gridStep(Math.max(0, ...values));
  const top = Math.max(step, Math.ceil(Math.max(0, ...values) / step) * step);
  const bottom = Math.min(0, Math.floor(Math.min(0, ...values) / step) * step);
  const plotWidth = width - padding.left - padding.right;
  const plotHeight = height - padding.top - padding.bottom;
  const y = (value: number) => padding.top + ((top - value) / (top - bottom)) * plotHeight;
  const groupWidth = plotWidth / Math.max(1, groups.length);
  const barWidth = (groupWidth * 0.8) / series.length;
  const ticks: number[] = [];
  for (let tick = bottom; tick <= top; tick += step) ticks.push(tick);
  const directLabels = series.length === 1 && groups.length <= 16 && groupWidth >= 40;
  const every = Math.max(labelEvery, Math.ceil(labelRoom / groupWidth));
  const currentIndex = groups.findIndex((group) => group.current === true);
  // Every n-th label counted back from the current month, which is always labelled.
  const labelled = (index: number) =>
    currentIndex === -1 ? index % every === 0 : Math.abs(index - currentIndex) % every === 0;
  return (
    <div ref={box} className="report-chart__box">
    <svg
      className="report-chart__svg"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        {series.map((one, index) => (
          <pattern
            key={one.key}
            id={`${id}-${one.key}`}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform={one.pattern === 'stripes' ? 'rotate(45)' : undefined}
          >
            <rect width="6" height="6" className={`report-chart__fill--${index}`} />
            <PatternMarks pattern={one.pattern} />
          </pattern>
        ))}
      </defs>
      {currentIndex !== -1 && (
        <g className="report-chart__current">
          <rect
            className="report-chart__current-band"
            x={padding.left + currentIndex * groupWidth}
            y={padding.top}
            width={groupWidth}
            height={plotHeight}
          />
          <text
            className="report-chart__current-label"
            x={
              currentIndex === groups.length - 1
                ? padding.left + (currentIndex + 1) * groupWidth
                : currentIndex === 0
                  ? padding.left
                  : padding.left + currentIndex * groupWidth + groupWidth / 2
            }
            y={padding.top - 10}
            textAnchor={
              currentIndex === groups.length - 1 ? 'end' : currentIndex === 0 ? 'start' : 'middle'
            }
          >
            This month (so far)
          </text>
        </g>
      )}
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            className={tick === 0 ? 'report-chart__zero' : 'report-chart__grid'}
            x1={padding.left}
            x2={width - padding.right}
            y1={y(tick)}
            y2={y(tick)}
          />
          <text
            className="report-chart__tick"
            x={padding.left - 6}
            y={y(tick) + 4}
            textAnchor="end"
          >
            {formatNumber(tick)}
          </text>
        </g>
      ))}
      {groups.map((group, groupIndex) => {
        const groupStart = padding.left + groupIndex * groupWidth + groupWidth * 0.1;
        return (
          <g key={group.label}>
            {series.map((one, seriesIndex) => {
              const value = valueOf(group, one.key);
              const x = groupStart + seriesIndex * barWidth;
              const top = y(Math.max(0, value));
              const barHeight = Math.abs(y(value) - y(0));
              return (
                <g key={one.key}>
                  <rect
                    className={`report-chart__bar report-chart__edge--${seriesIndex}`}
                    x={x}
                    y={top}
                    width={Math.max(1, barWidth - 1)}
                    height={barHeight}
                    fill={`url(#${id}-${one.key})`}
                  />
                  {directLabels && (
                    <text
                      className="report-chart__value"
                      x={x + barWidth / 2}
                      y={value < 0 ? y(value) + 14 : top - 4}
                      textAnchor="middle"
                    >
                      {formatNumber(value)}
                    </text>
                  )}
                </g>
              );
            })}
            {labelled(groupIndex) && (
              <text
                className="report-chart__label"
                x={padding.left + groupIndex * groupWidth + groupWidth / 2}
                y={height - padding.bottom + 18}
                textAnchor="middle"
              >
                {fitted(group.label, groupWidth * every)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
    </div>
  );
}

/** The legend of a chart of several series: each swatch with its pattern, then its name. */
export function ChartLegend({ series }: { series: readonly BarSeries[] }) {
  const id = useId().replace(/:/g, '');
  return (
    <ul className="report-chart__legend">
      {series.map((one, index) => (
        <li key={one.key}>
          <svg width="16" height="16" aria-hidden="true" focusable="false">
            <defs>
              <pattern
                id={`${id}-${one.key}`}
                width="6"
                height="6"
                patternUnits="userSpaceOnUse"
                patternTransform={one.pattern === 'stripes' ? 'rotate(45)' : undefined}
              >
                <rect width="6" height="6" className={`report-chart__fill--${index}`} />
                <PatternMarks pattern={one.pattern} />
              </pattern>
            </defs>
            <rect
              x="0.5"
              y="0.5"
              width="15"
              height="15"
              className={`report-chart__edge--${index}`}
              fill={`url(#${id}-${one.key})`}
            />
          </svg>
          {one.name}
        </li>
      ))}
    </ul>
  );
}
