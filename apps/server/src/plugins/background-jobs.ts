import { appPlugin } from '../app-types.js';

/** What the registry needs of a job (a `PeriodicJob`, lib/periodic-job.ts). */
export type BackgroundJob = {
  readonly isRunning: boolean;
  start(): void;
  stop(): Promise<void>;
};

type Entry = { job: BackgroundJob; readiness: boolean };

/**
 * Every background job of the process, by name: the mail outbox, the order
 * queue and the voucher provider's availability, the points clock and the
 * purge of deleted members. Modules add theirs when they are registered;
 * the registry starts them when the app is ready (if this process runs
 * them), stops them when it closes, and /readyz reads it.
 */
export class BackgroundJobs {
  private readonly entries = new Map<string, Entry>();

  /** Whether this process runs the jobs (the server does; tests and commands start the ones they need). */
  constructor(readonly enabled: boolean) {}

  /** `readiness: false`: a helper job whose being stopped does not make the process unready. */
  add(name: string, job: BackgroundJob, options: { readiness?: boolean } = {}): void {
    if (this.entries.has(name)) throw new Error(`Background job ${name} is added twice`);
    this.entries.set(name, { job, readiness: options.readiness ?? true });
  }

  /** The job of this name (tests start and stop one by hand). */
  job(name: string): BackgroundJob {
    const entry = this.entries.get(name);
    if (entry === undefined) throw new Error(`No background job ${name}`);
    return entry.job;
  }

  /** The jobs this process is meant to run, for the readiness check; none when it runs none. */
  readinessJobs(): Record<string, BackgroundJob> {
    if (!this.enabled) return {};
    return Object.fromEntries(
      [...this.entries].filter(([, entry]) => entry.readiness).map(([name, e]) => [name, e.job]),
    );
  }

  startAll(): void {
    for (const { job } of this.entries.values()) job.start();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.entries.values()].map(({ job }) => job.stop()));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The registry of background jobs; modules add theirs with `add`. */
    backgroundJobs: BackgroundJobs;
  }
}

export type BackgroundJobsOptions = {
  /** Start the jobs when the app is ready (the server does; tests start them when they need them). */
  enabled: boolean;
};

export const backgroundJobsPlugin = appPlugin<BackgroundJobsOptions>(
  (app, options) => {
    const jobs = new BackgroundJobs(options.enabled);
    app.decorate('backgroundJobs', jobs);
    if (options.enabled) {
      app.addHook('onReady', (done) => {
        jobs.startAll();
        done();
      });
    }
    app.addHook('onClose', () => jobs.stopAll());
  },
  { name: 'background-jobs' },
);
