import { useEffect, useId, useState } from 'react';

/**
 * An info button with its tooltip (WCAG 1.4.13): shown on hover of the
 * button or the bubble, on focus and by a click; hidden when the pointer and
 * focus leave, by a second click, or with Escape (from anywhere, so a tooltip
 * opened by hover can be dismissed without moving the pointer). The text
 * describes the button (`aria-describedby`), `aria-expanded` says whether it
 * shows. `className` names the block of the feature's styles
 * (`{className}__trigger`, `{className}__bubble`).
 */
export function Tooltip({
  label,
  text,
  className = 'tooltip',
  symbol = '?',
}: {
  label: string;
  text: string;
  className?: string;
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
      className={className}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        className={`${className}__trigger`}
        aria-label={label}
        aria-describedby={id}
        aria-expanded={open}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{symbol}</span>
      </button>
      <span role="tooltip" id={id} className={`${className}__bubble`} hidden={!open}>
        {text}
      </span>
    </span>
  );
}
