import type { Config } from '../../../config.js';

/**
 * The countries whose members are partner-programme users (spec 2 §6): they
 * are sent to the partner programme's site instead of gifts and redeem-points.
 */
export const PARTNER_PROGRAMME_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'za ph it hu gr tr hk pt br mu jp fr co ar cl uy pe ec mx se dk no my sg ie bo py us cz sk es tw ' +
    'au nz ca il si ro pl bg mk al gb ba ee lv lt cn bw mz zm zw'
  ).split(' '),
);

/**
 * The partner programme's URL for a member, or null: the member's own
 * country is in the list or their number is configured, and a URL is
 * configured at all. Never the page's country: the client chooses that
 * (`?countryCode=`, another country's host), and a partner-programme member
 * must not order by asking from elsewhere.
 */
export function partnerProgrammeUrl(
  gifts: Pick<Config['gifts'], 'partnerProgrammeUrl' | 'partnerProgrammeNumbers'>,
  member: { number: string; countryCode: string },
): string | null {
  const url = gifts.partnerProgrammeUrl;
  if (url === undefined || url === '') return null;
  const isPartner =
    PARTNER_PROGRAMME_COUNTRIES.has(member.countryCode.toLowerCase()) ||
    gifts.partnerProgrammeNumbers.includes(member.number);
  return isPartner ? url : null;
}
