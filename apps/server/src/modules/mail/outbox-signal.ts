import { CommitSignal } from '../../lib/commit-signal.js';

/** Raised whenever this process queues mail; wakes the outbox worker after the commit. */
export const outboxSignal = new CommitSignal();
