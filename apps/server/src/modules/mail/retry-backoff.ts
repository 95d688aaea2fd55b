export type BackoffSettings = { retryBaseMs: number; retryMaxMs: number };

/**
 * Delay before the next attempt after `attempts` failed ones: doubling from
 * the base up to the cap, then drawn between half and all of it, so that
 * mails that failed together (an SMTP outage) do not all retry together.
 */
export function retryDelayMs(
  attempts: number,
  settings: BackoffSettings,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const ceiling = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
