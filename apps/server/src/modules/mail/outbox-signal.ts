/**
 * A counter that goes up whenever this process queues mail. Workers compare
 * it with the value they last saw, after a response is sent (when the
 * transaction that queued the mail has committed), to start sending at once
 * instead of at the next poll.
 */
let queued = 0;

export const outboxSignal = {
  queued(): void {
    queued += 1;
  },
  current(): number {
    return queued;
  },
};
