import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useLayout } from '../../../shared/layout-context';
import { trapTabKey } from '../../../lib/focus';
import { calendarNames } from '../../../lib/calendar-names';
import { useDictionary } from '../../../shared/use-dictionary';
import {
  addDays,
  addMonths,
  isoDate,
  monthWeeks,
  parseIsoDate,
  today,
  weekdayIndex,
} from './calendar-dates';

type DatePickerProps = {
  /** The dialog's name, e.g. "Choose the start date". */
  title: string;
  /** The field's value: the picker opens on it when it is a date, else on today. */
  value: string;
  onPick: (date: string) => void;
  /** Closes without a choice (Escape, the close button, the backdrop). */
  onClose: () => void;
};

/**
 * A date-picker dialog (spec 2 §2.2 "The calendar"): a modal over the page
 * (the shell behind it inert, Tab kept inside) with a grid of the month's
 * days, Monday first, weekday and month names from the layout dictionary.
 * Arrow keys move a day or a week (mirrored in right-to-left pages), Home and
 * End go to the week's ends, Page Up and Page Down to the previous and next
 * month (with Shift, year), Enter or Space picks, Escape closes. The caller
 * puts focus back on its calendar button.
 */
export function DatePicker({ title, value, onPick, onClose }: DatePickerProps) {
  const layout = useLayout();
  const text = useDictionary();
  const { weekdays, months } = calendarNames(layout.dictionary);
  const [focused, setFocused] = useState(() => parseIsoDate(value) ?? today());
  const selected = parseIsoDate(value);
  const current = isoDate(today());
  const dialogRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const monthId = useId();

  // Modal: the shell behind is inert while the dialog is open.
  useEffect(() => {
    const shell = document.querySelector('.shell');
    shell?.setAttribute('inert', '');
    return () => shell?.removeAttribute('inert');
  }, []);

  // Focus is on the day when the dialog opens and follows the keyboard in the
  // grid; the month buttons keep it.
  const focusDay = useRef(true);
  useEffect(() => {
    if (!focusDay.current) return;
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-date="${isoDate(focused)}"]`)
      ?.focus({ preventScroll: true });
  }, [focused]);
  const showMonth = (step: number) => {
    focusDay.current = false;
    setFocused(addMonths(focused, step));
  };

  const forward = layout.isRtl ? -1 : 1;
  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => Date> = {
      ArrowRight: () => addDays(focused, forward),
      ArrowLeft: () => addDays(focused, -forward),
      ArrowDown: () => addDays(focused, 7),
      ArrowUp: () => addDays(focused, -7),
      Home: () => addDays(focused, -weekdayIndex(focused)),
      End: () => addDays(focused, 6 - weekdayIndex(focused)),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusDay.current = true;
      setFocused(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(isoDate(focused));
    }
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (dialogRef.current) trapTabKey(event.nativeEvent, dialogRef.current);
  };

  const monthLabel = `${months[focused.getUTCMonth()] ?? ''} ${focused.getUTCFullYear()}`;
  return createPortal(
    <div className="points-calendar">
      <div className="points-calendar__backdrop" onClick={onClose} />
      <div
        ref={dialogRef}
        className="points-calendar__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        dir={layout.isRtl ? 'rtl' : 'ltr'}
        onKeyDown={onDialogKeyDown}
      >
        <h2 id={titleId} className="points-calendar__title">
          {title}
        </h2>
        <div className="points-calendar__nav">
          <button
            type="button"
            className="points-calendar__step"
            aria-label={text('points.calendarPreviousMonth', 'Previous month')}
            onClick={() => showMonth(-1)}
          >
            <span aria-hidden="true" className="points-calendar__arrow">
              ‹
            </span>
          </button>
          <p id={monthId} className="points-calendar__month" aria-live="polite">
            {monthLabel}
          </p>
          <button
            type="button"
            className="points-calendar__step"
            aria-label={text('points.calendarNextMonth', 'Next month')}
            onClick={() => showMonth(1)}
          >
            <span aria-hidden="true" className="points-calendar__arrow">
              ›
            </span>
          </button>
        </div>
        <table
          ref={gridRef}
          role="grid"
          className="points-calendar__grid"
          aria-labelledby={monthId}
          onKeyDown={onGridKeyDown}
        >
          <thead>
            <tr>
              {weekdays.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(focused).map((week) => (
              <tr key={week.find((day) => day !== null)?.getTime()}>
                {week.map((day, index) => {
                  if (day === null) return <td key={`pad-${index}`} />;
                  const date = isoDate(day);
                  const isFocused = date === isoDate(focused);
                  return (
                    <td
                      key={date}
                      data-date={date}
                      tabIndex={isFocused ? 0 : -1}
                      aria-selected={selected !== null && date === isoDate(selected)}
                      aria-current={date === current ? 'date' : undefined}
                      className="points-calendar__day"
                      onClick={() => onPick(date)}
                    >
                      {day.getUTCDate()}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="points-calendar__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {text('points.calendarClose', 'Close')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
