import { useId, useState } from 'react';

/**
 * An info button with a tooltip: shown on hover, on focus and by a click,
 * hidden with Escape; the text describes the button (`aria-describedby`).
 */
export function Tooltip({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
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
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        ?
      </button>
      <span role="tooltip" id={id} className="tooltip__bubble" hidden={!open}>
        {text}
      </span>
    </span>
  );
}
