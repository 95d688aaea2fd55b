import { useEffect, useRef } from 'react';

/**
 * The heading of a registration step. A step that replaces another takes the
 * focus, so that keyboard and screen-reader users continue from its start.
 */
export function StepHeading({ text, focus }: { text: string; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h2 ref={ref} tabIndex={-1}>
      {text}
    </h2>
  );
}
