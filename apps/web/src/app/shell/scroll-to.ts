/** Options of `scrollToOffset`; the defaults are the spec's (spec 1 §9). */
export type ScrollToOptions = {
  /** Total time of the animation in milliseconds. */
  duration?: number;
  /** Time between two steps in milliseconds. */
  interval?: number;
  /** Below this distance in pixels the page jumps instead of animating. */
  minDistance?: number;
  /** Called once the page has reached the offset (or the scroll was cancelled). */
  onDone?: () => void;
};

export const scrollDefaults = { duration: 1250, interval: 10, minDistance: 2 } as const;

function easeInOutQuad(progress: number): number {
  return progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
}

/**
 * Scrolls the window vertically to `offset`, stepping every `interval` ms so
 * that it arrives after `duration` ms. Returns a function that stops it.
 */
export function scrollToOffset(offset: number, options: ScrollToOptions = {}): () => void {
  const { duration, interval, minDistance } = { ...scrollDefaults, ...options };
  const start = window.scrollY;
  const distance = offset - start;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    options.onDone?.();
  };

  if (Math.abs(distance) < minDistance || duration <= 0) {
    window.scrollTo(0, offset);
    finish();
    return () => undefined;
  }

  const startedAt = Date.now();
  const timer = window.setInterval(() => {
    const progress = Math.min(1, (Date.now() - startedAt) / duration);
    window.scrollTo(0, Math.round(start + distance * easeInOutQuad(progress)));
    if (progress >= 1) {
      window.clearInterval(timer);
      finish();
    }
  }, interval);

  return () => {
    window.clearInterval(timer);
    finish();
  };
}
