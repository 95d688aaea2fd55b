import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLayout } from '../../../shared/layout-context';

export type Tab = {
  key: string;
  label: string;
  content: ReactNode;
  /** The content has a focusable element (a scrolling table): the panel itself is not a Tab stop. */
  focusable?: boolean;
};

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): a tablist of buttons
 * with `aria-selected` and `aria-controls`; only the selected tab is in the
 * Tab order; Left and Right (mirrored in right-to-left pages) move to the
 * neighbour and select it, Home and End to the first and last.
 */
export function Tabs({
  label,
  tabs,
  initialKey,
}: {
  label: string;
  tabs: Tab[];
  /** The tab selected first (a link to `points#ordered-gifts` opens Ordered gifts). */
  initialKey?: string;
}) {
  const layout = useLayout();
  const baseId = useId();
  const [selected, setSelected] = useState(() =>
    Math.max(
      0,
      tabs.findIndex((tab) => tab.key === initialKey),
    ),
  );
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [listRef, more] = useHiddenTabs();

  const select = (index: number) => {
    const count = tabs.length;
    const next = (index + count) % count;
    setSelected(next);
    tabRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const forward = layout.isRtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = layout.isRtl ? 'ArrowRight' : 'ArrowLeft';
    const target: Record<string, number> = {
      [forward]: selected + 1,
      [backward]: selected - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const index = target[event.key];
    if (index === undefined) return;
    event.preventDefault();
    select(index);
  };

  return (
    <div className="points-tabs">
      <div className="points-tabs__bar">
        {more.start ? <MoreTabs side="start" /> : null}
        <div
          ref={listRef}
          className="points-tabs__list"
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
        >
          {tabs.map((tab, index) => (
            <button
              key={tab.key}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              className="points-tabs__tab"
              aria-selected={index === selected}
              aria-controls={`${baseId}-panel-${tab.key}`}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => setSelected(index)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {more.end ? <MoreTabs side="end" /> : null}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          className="points-tabs__panel"
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          tabIndex={tab.focusable ? undefined : 0}
          hidden={index !== selected}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}

/**
 * Which ends of the tab list have tabs scrolled out of sight (a phone): the
 * list is measured when it scrolls or changes size. Chromium counts an
 * right-to-left list's scroll from 0 down, so the distance is taken as it is.
 */
function useHiddenTabs() {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const list = ref.current;
    if (list === null) return;
    const measure = () => {
      const scrolled = Math.abs(list.scrollLeft);
      const hidden = list.scrollWidth - list.clientWidth;
      const next = { start: scrolled > 1, end: hidden - scrolled > 1 };
      setMore((now) => (now.start === next.start && now.end === next.end ? now : next));
    };
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  return [ref, more] as const;
}

/** A fade with an arrow at an end of the tab list: more tabs lie that way (decoration; the tabs are all in the list). */
function MoreTabs({ side }: { side: 'start' | 'end' }) {
  return (
    <span className={`points-tabs__more points-tabs__more--${side}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" focusable="false">
        <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
      </svg>
    </span>
  );
}
