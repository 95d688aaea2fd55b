import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { purgeDeletedMembers, type PurgeResult, type PurgeStep } from './purge-deleted-members.js';

/** Runs the purge of deleted members now and every `purgeIntervalMs` while started. */
export class PurgeJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<PurgeResult> | undefined;
  private readonly steps: PurgeStep[] = [];

  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'linkLifeTime' | 'mail' | 'purgeIntervalMs'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds a step that runs before members are removed (see PurgeStep). */
  addStep(step: PurgeStep): void {
    this.steps.push(step);
  }

  /** Started and not stopped (the readiness check asks). */
  get isRunning(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.runLogged(), this.config.purgeIntervalMs);
    void this.runLogged();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One purge now (tests, operators); a run already in progress is joined, not doubled. */
  runNow(): Promise<PurgeResult> {
    this.running ??= purgeDeletedMembers(this.db, this.config, this.steps).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async runLogged(): Promise<void> {
    try {
      const result = await this.runNow();
      if (result.purged > 0) this.log.info({ purged: result.purged }, 'deleted members purged');
    } catch (error) {
      this.log.error({ err: error }, 'purge of deleted members failed');
    }
  }
}
