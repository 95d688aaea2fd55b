/**
 * A function whose code loads on its first call and is kept: a form's
 * resolver, whose schema library and rules are the longest task of a form
 * screen's first load, loads when the form first validates (the first change,
 * blur or submit), so the screen paints without it. A failed load is tried
 * again at the next call. Used by the members' app and the staff console.
 */
export function loadedOnFirstCall<Args extends unknown[], Result>(
  load: () => Promise<(...args: Args) => Result>,
): (...args: Args) => Promise<Awaited<Result>> {
  let loading: Promise<(...args: Args) => Result> | undefined;
  return async (...args): Promise<Awaited<Result>> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const loaded = await loading;
    return await loaded(...args);
  };
}
