import { CommitSignal } from '../../../lib/commit-signal.js';

/** Raised whenever this process places a gift order; wakes the order worker after the commit. */
export const orderPlacedSignal = new CommitSignal();
