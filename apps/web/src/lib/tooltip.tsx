import { useEffect, useId, useState } from 'react';
import './tooltip.css';

/**
 * An info button with its tooltip (WCAG 1.4.13): shown on hover of the
 * button or the bubble, on focus and by a click; hidden when the pointer and
 * focus leave, by a second click, or with Escape (from anywhere, so a tooltip
 * opened by hover can be dismissed without moving the pointer). The text
 * describes the button (`aria-describedby`), `aria-expanded` says whether it
 * shows. Every tooltip of the app is this one, with the one style of
 * tooltip.css; `symbol` is the button's sign ('?' by default, 'i' for
 * information).
 */
export function Tooltip({
  label,
  text,
  symbol = '?',
}: {
  label: string;
  text: string;
  symbol?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <span
      className="tooltip"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        className="tooltip__trigger"
        aria-label={label}
        aria-describedby={id}
        aria-expanded={open}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{symbol}</span>
      </button>
      <span role="tooltip" id={id} className="tooltip__bubble" hidden={!open}>
        {text}
      </span>
    </span>
  );
}
