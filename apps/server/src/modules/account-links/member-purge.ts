import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { purgeDeletedMembers, type PurgeResult, type PurgeStep } from './purge-deleted-members.js';

/**
 * The purge of deleted members as this process runs it: every
 * PURGE_INTERVAL_MS as the background job `memberPurge`, or now (tests,
 * operators); a run already in progress is joined, not doubled.
 */
export class MemberPurge {
  private running: Promise<PurgeResult> | undefined;
  private readonly steps: PurgeStep[] = [];

  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'linkLifeTime' | 'mail'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds a step that runs before members become tombstones (see PurgeStep). */
  addStep(step: PurgeStep): void {
    this.steps.push(step);
  }

  runNow(): Promise<PurgeResult> {
    this.running ??= purgeDeletedMembers(this.db, this.config, this.steps).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** One run of the background job: says in the log what it purged. */
  async runLogged(): Promise<void> {
    const result = await this.runNow();
    if (result.purged > 0) this.log.info({ purged: result.purged }, 'deleted members purged');
  }
}
