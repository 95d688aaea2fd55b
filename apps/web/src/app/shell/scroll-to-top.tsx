import { memo, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useDictionaryText } from './dictionary-text';
import { focusMain } from '../../lib/focus';
import { ArrowUpIcon } from './icons';
import { prefersReducedMotion } from './reduced-motion';
import { scrollToOffset } from './scroll-to';
import './scroll-to-top.css';

/** Spec 1 §9: check throttle 100 ms, scroll 300 ms to offset 0. */
export const scrollCheckThrottleMs = 100;
export const scrollToTopDurationMs = 300;

function scrolledBeyondOneWindow(): boolean {
  return window.scrollY > window.innerHeight;
}

/**
 * Scroll-to-top control (spec 1 §2): shows once the page is scrolled beyond
 * one window height, checked at most every 100 ms on scroll and resize.
 */
export const ScrollToTop = memo(function ScrollToTop() {
  const label = useDictionaryText('scrollTop', 'Scroll to top');
  const [visible, setVisible] = useState(scrolledBeyondOneWindow);
  const cancelScroll = useRef<(() => void) | null>(null);

  useEffect(() => {
    let timer: number | undefined;
    let pending = false;
    const check = () => setVisible(scrolledBeyondOneWindow());
    // Leading and trailing throttle: at most one check per 100 ms window.
    const onChange = () => {
      if (timer !== undefined) {
        pending = true;
        return;
      }
      check();
      timer = window.setTimeout(function release() {
        if (pending) {
          pending = false;
          check();
          timer = window.setTimeout(release, scrollCheckThrottleMs);
        } else {
          timer = undefined;
        }
      }, scrollCheckThrottleMs);
    };
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
      window.clearTimeout(timer);
      cancelScroll.current?.();
    };
  }, []);

  const scrollUp = (event: MouseEvent<HTMLButtonElement>) => {
    const hadFocus = document.activeElement === event.currentTarget;
    cancelScroll.current?.();
    cancelScroll.current = scrollToOffset(0, {
      duration: prefersReducedMotion() ? 0 : scrollToTopDurationMs,
      onDone: () => {
        cancelScroll.current = null;
        setVisible(false);
        if (hadFocus) focusMain();
      },
    });
  };

  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={label}
      hidden={!visible}
      onClick={scrollUp}
    >
      <ArrowUpIcon />
    </button>
  );
});
