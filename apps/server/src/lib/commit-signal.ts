import type { FastifyInstance } from 'fastify';

/**
 * A counter that goes up whenever this process writes work for a background
 * job in a transaction (a mail queued, a gift order placed). After each
 * response, when the request's transaction has committed, the job is woken
 * if the counter moved: the work starts at once instead of at the next poll.
 */
export class CommitSignal {
  private count = 0;

  /** Called in the transaction that writes the work. */
  raise(): void {
    this.count += 1;
  }

  current(): number {
    return this.count;
  }
}

/** Wakes `job` after every response during which `signal` was raised. */
export function wakeAfterCommit(
  app: FastifyInstance,
  signal: CommitSignal,
  job: { wake(): void },
): void {
  let seen = signal.current();
  app.addHook('onResponse', (_request, _reply, done) => {
    const now = signal.current();
    if (now !== seen) {
      seen = now;
      job.wake();
    }
    done();
  });
}
