import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyScreen<Props extends object = object> = {
  /** The screen, loaded when first rendered (under a Suspense). */
  screen: LazyExoticComponent<ComponentType<Props>>;
  /** Starts loading the screen's code now (the first page's screen, beside the session check). */
  preload: () => void;
};

/** A screen in its own chunk, loaded once: by `preload` or by its first render, whichever comes first. */
export function lazyScreen<Props extends object = object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyScreen<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const once = () => (loading ??= load());
  return {
    screen: lazy(once),
    preload: () => {
      // A failed preload is the render's to report: it awaits the same promise.
      once().catch(() => undefined);
    },
  };
}
