type TaskScheduler = {
  postTask(callback: () => void, options: { priority: 'user-blocking' }): Promise<void>;
};

/**
 * Settles in a task of its own, ahead of the rendering tasks already queued
 * where the browser schedules by priority. Work split over two tasks leaves
 * the main thread free in between, sooner than one long task would.
 */
export function afterThisTask(): Promise<void> {
  return new Promise((resolve) => {
    const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
    if (scheduler) void scheduler.postTask(resolve, { priority: 'user-blocking' });
    else setTimeout(resolve, 0);
  });
}
