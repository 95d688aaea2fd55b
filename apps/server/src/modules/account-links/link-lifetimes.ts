import type { Config } from '../../config.js';

const hour = 3_600_000;
const day = 24 * hour;

/** How long each emailed link works; restore links live as long as the deleted data (linkLifeTime). */
export const linkLifetimeMs = {
  'confirm-email': 7 * day,
  'reset-password': hour,
  'delete-account': 2 * day,
  // Long enough to reach the new mailbox, short enough that a forgotten link goes stale.
  'change-email': day,
} as const;

/** Days a deleted account is kept and restorable in a country (LINK_LIFETIME_DAYS, per country). */
export function linkLifeTimeDays(
  config: Pick<Config, 'linkLifeTime'>,
  countryCode: string,
): number {
  return config.linkLifeTime.byCountry[countryCode] ?? config.linkLifeTime.defaultDays;
}

export const daysInMs = (days: number) => days * day;
