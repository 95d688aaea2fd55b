/** Where a failed pass is written. */
export type JobLog = { error(details: object, message: string): void };

export type PeriodicJobOptions = {
  /** Time from the end of one pass to the start of the next. */
  intervalMs: number;
  /**
   * One pass. `stopping` is aborted when the job is stopped: a long pass may
   * end early (its work stays for the next start). A pass that throws is
   * logged and the next one runs as planned.
   */
  run: (stopping: AbortSignal) => Promise<unknown>;
  log: JobLog;
  /** The log message of a failed pass. */
  failureMessage: string;
};

/**
 * The timer loop of a background job (the mail outbox, the order queue, the
 * points clock, the purge): passes every `intervalMs` while started, never two
 * at once; `wake()` runs one soon; `stop()` waits for a pass in progress. Its
 * timers never keep the process alive on their own.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private started = false;
  private wakeAgain = false;
  private stopping = new AbortController();

  constructor(private readonly options: PeriodicJobOptions) {}

  /** Started and not stopped (the readiness check asks). */
  get isRunning(): boolean {
    return this.started;
  }

  /** Runs a pass now, then every `intervalMs` after the previous one ends. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = new AbortController();
    this.schedule(0);
  }

  /** Runs a pass now, or right after the one in progress; nothing while stopped. */
  wake(): void {
    if (!this.started) return;
    if (this.pass !== undefined) {
      this.wakeAgain = true;
      return;
    }
    this.schedule(0);
  }

  /** No more passes; waits for the one in progress, which is told to end early. */
  async stop(): Promise<void> {
    this.started = false;
    this.wakeAgain = false;
    this.stopping.abort();
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.pass;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    if (this.pass !== undefined) {
      // Started again while a pass of before the stop still runs: go once it ends.
      this.wakeAgain = true;
      return;
    }
    this.wakeAgain = false;
    this.pass = this.options.run(this.stopping.signal).then(
      () => undefined,
      (error: unknown) => this.options.log.error({ err: error }, this.options.failureMessage),
    );
    await this.pass;
    this.pass = undefined;
    if (this.started) this.schedule(this.wakeAgain ? 0 : this.options.intervalMs);
  }
}
