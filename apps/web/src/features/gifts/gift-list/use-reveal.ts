import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { GIFT_REVEAL_DELAY_MS, GIFTS_PER_REVEAL } from '@club/contract/gift-rules';

/**
 * Gift cards appear `GIFTS_PER_REVEAL` at a time while the user scrolls, with
 * `GIFT_REVEAL_DELAY_MS` per reveal (spec 2 §9): a sentinel after the last
 * card is watched; while it is in view and cards remain, the next batch shows
 * after the delay. `revealNow` shows the next batch at once (the keyboard
 * paths: focus on the last card, the "Show more gifts" button).
 */
export function useReveal(total: number): {
  shown: number;
  sentinelRef: RefObject<HTMLDivElement | null>;
  revealNow: () => void;
} {
  const [shown, setShown] = useState(Math.min(GIFTS_PER_REVEAL, total));
  const sentinelRef = useRef<HTMLDivElement | null>(null);
  const inView = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [watching, setWatching] = useState(0);

  const next = useCallback(
    () => setShown((current) => Math.min(current + GIFTS_PER_REVEAL, total)),
    [total],
  );

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const wasInView = inView.current;
      inView.current = entries.some((entry) => entry.isIntersecting);
      // Out of view again: no reveal is waiting.
      if (!inView.current && timer.current !== undefined) {
        clearTimeout(timer.current);
        timer.current = undefined;
      }
      // Only a change re-renders the list (the first report of a sentinel out of view does not).
      if (inView.current !== wasInView) setWatching((count) => count + 1);
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, []);

  // While the sentinel is in view and cards remain, one reveal after the delay.
  useEffect(() => {
    if (!inView.current || shown >= total || timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      next();
    }, GIFT_REVEAL_DELAY_MS);
  }, [watching, shown, total, next]);

  useEffect(
    () => () => {
      if (timer.current !== undefined) clearTimeout(timer.current);
    },
    [],
  );

  const revealNow = useCallback(() => {
    if (timer.current !== undefined) {
      clearTimeout(timer.current);
      timer.current = undefined;
    }
    next();
  }, [next]);

  return { shown, sentinelRef, revealNow };
}
