import { z } from 'zod';

/**
 * The format of the offices directory files, `content/offices/{country}.json`:
 * the office IDs agents of that country may register with. Office IDs are
 * upper-case letters and digits, at most 20 (spec 1 §5 "Office ID max 20").
 */
export const OfficeEntrySchema = z.strictObject({
  officeId: z.string().regex(/^[A-Z0-9]{1,20}$/, 'must be 1 to 20 upper-case letters or digits'),
  agencyName: z.string().min(1),
  address: z.string().min(1),
  zip: z.string(),
  /** The agency takes part in the club (decision-maker opt-in, spec 2 §6). */
  active: z.boolean(),
  /** Direct-sales office: registration shows the direct-office notice instead. */
  isAmadeusDirectOffice: z.boolean().default(false),
  decisionMakerName: z.string().min(1).nullable().default(null),
  decisionMakerEmail: z.email().nullable().default(null),
});
export type OfficeEntry = z.infer<typeof OfficeEntrySchema>;

export const OfficesFileSchema = z.strictObject({
  countryCode: z.string().regex(/^[a-z]{2}$/, 'must be a lower-case two-letter country code'),
  offices: z.array(OfficeEntrySchema),
});
export type OfficesFile = z.infer<typeof OfficesFileSchema>;
