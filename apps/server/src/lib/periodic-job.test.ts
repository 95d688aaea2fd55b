import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicJob } from './periodic-job.js';

/** A pass that waits until the test lets it end. */
function controlledPasses() {
  const ends: (() => void)[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const signals: AbortSignal[] = [];
  const run = vi.fn(async (stopping: AbortSignal) => {
    signals.push(stopping);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise<void>((resolve) => ends.push(resolve));
    running -= 1;
  });
  return {
    run,
    signals,
    endPass: () => ends.shift()?.(),
    get running() {
      return running;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
  };
}

const log = () => ({ error: vi.fn() });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a periodic job', () => {
  it('runs a pass at start, then every interval after the previous pass ends, until stopped', async () => {
    const run = vi.fn(() => Promise.resolve());
    const job = new PeriodicJob({ intervalMs: 1000, run, log: log(), failureMessage: 'failed' });
    expect(job.isRunning).toBe(false);
    job.start();
    expect(job.isRunning).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(5);
    await job.stop();
    expect(job.isRunning).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(5);
  });

  it('runs a pass soon when woken, instead of at the next interval', async () => {
    const run = vi.fn(() => Promise.resolve());
    const job = new PeriodicJob({ intervalMs: 60_000, run, log: log(), failureMessage: 'failed' });
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).not.toHaveBeenCalled(); // not started: waking does nothing
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it('never runs two passes at once: a wake during a pass runs one more right after it', async () => {
    const passes = controlledPasses();
    const job = new PeriodicJob({
      intervalMs: 10,
      run: passes.run,
      log: log(),
      failureMessage: 'failed',
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    job.wake();
    job.wake();
    await vi.advanceTimersByTimeAsync(100);
    expect(passes.run).toHaveBeenCalledTimes(1);
    passes.endPass();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes.run).toHaveBeenCalledTimes(2);
    expect(passes.mostAtOnce).toBe(1);
    // Stopped and started again while a pass runs: the next pass waits for it.
    const stopped = job.stop();
    job.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(passes.run).toHaveBeenCalledTimes(2);
    passes.endPass();
    await stopped;
    await vi.advanceTimersByTimeAsync(0);
    expect(passes.run).toHaveBeenCalledTimes(3);
    expect(passes.mostAtOnce).toBe(1);
    const last = job.stop();
    passes.endPass();
    await last;
  });

  it('stop waits for the pass in progress and tells it to end early', async () => {
    const passes = controlledPasses();
    const job = new PeriodicJob({
      intervalMs: 10,
      run: passes.run,
      log: log(),
      failureMessage: 'failed',
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    expect(passes.signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    passes.endPass();
    await stopping;
    expect(stopped).toBe(true);
    expect(passes.running).toBe(0);
  });

  it('logs a failed pass and keeps running', async () => {
    const failing = log();
    let calls = 0;
    const run = vi.fn(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('database gone')) : Promise.resolve();
    });
    const job = new PeriodicJob({
      intervalMs: 1000,
      run,
      log: failing,
      failureMessage: 'points clock failed',
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'database gone' }) as Error },
      'points clock failed',
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(job.isRunning).toBe(true);
    await job.stop();
  });

  it('does not keep the process alive', () => {
    const job = new PeriodicJob({
      intervalMs: 1000,
      run: () => Promise.resolve(),
      log: log(),
      failureMessage: 'failed',
    });
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    job.start();
    const timer = setTimeoutSpy.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    setTimeoutSpy.mockRestore();
    void job.stop();
  });
});
