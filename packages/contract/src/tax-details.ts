import { z } from 'zod';
import { storable } from './stored-text.js';
import { messages } from './validation-messages.js';
import { staffText } from './staff-fields.js';

/**
 * The tax details a member sends to unlock ordering (spec 2 §2.4 tax notice,
 * §4 "Ordering disabled" when taxOK is false). Which fields a country asks
 * for is content: `taxFields` in its `country.json`. One set of rules checks
 * them in the web form and on the server.
 */

/** How a field reads: `code` left to right in any page (a tax number), `text` one line, `address` several lines. */
export const taxFieldKinds = ['code', 'text', 'address'] as const;
export type TaxFieldKind = (typeof taxFieldKinds)[number];

/** One field a country asks for. Its label is the dictionary word `taxDetails.field.{name}`. */
export const TaxFieldSchema = z.strictObject({
  name: z.string().regex(/^[a-z][A-Za-z]{0,39}$/, 'A field name: letters, starting lower-case'),
  kind: z.enum(taxFieldKinds).default('text'),
  /** A regular expression the whole value must match (anchors added), e.g. `\\d{9}`. */
  pattern: z
    .string()
    .max(100)
    .refine((source) => {
      try {
        new RegExp(`^(?:${source})$`, 'u');
        return true;
      } catch {
        return false;
      }
    }, 'A regular expression')
    .optional(),
  /** A value as members write it: shown under the field, left to right. */
  example: z.string().max(60).optional(),
  maxLength: z.number().int().min(1).max(255).default(100),
  optional: z.boolean().default(false),
});
export type TaxField = z.infer<typeof TaxFieldSchema>;

/** A country's fields: at most eight, each name once. */
export const TaxFieldListSchema = z
  .array(TaxFieldSchema)
  .max(8)
  .refine(
    (fields) => new Set(fields.map((field) => field.name)).size === fields.length,
    'Each field name once',
  );

/** What a country without its own list asks for. */
export const defaultTaxFields: TaxField[] = [
  { name: 'taxNumber', kind: 'code', maxLength: 30, optional: false },
  { name: 'taxOffice', kind: 'text', maxLength: 100, optional: false },
];

export const taxDetailsStates = ['none', 'sent', 'confirmed', 'refused'] as const;
/** none: nothing sent; sent: being checked; confirmed: ready to order (taxOK); refused: with a reason, send again. */
export type TaxDetailsState = (typeof taxDetailsStates)[number];

/**
 * The form's rules for a country's fields: each value trimmed, required
 * unless optional, at most `maxLength`, storable, matching its pattern; the
 * spec's messages (spec 1 §5). Fields the country does not ask for are dropped.
 */
export function taxDetailsFormSchema(fields: readonly TaxField[]) {
  const shape: Record<string, z.ZodType<string, string>> = {};
  for (const field of fields) {
    const pattern =
      field.pattern === undefined ? undefined : new RegExp(`^(?:${field.pattern})$`, 'u');
    shape[field.name] = z
      .string({ error: messages.required })
      .trim()
      .max(field.maxLength, messages.maxLength)
      .refine(storable, messages.pattern)
      .refine((value) => field.optional || value !== '', messages.required)
      .refine(
        (value) => value === '' || pattern === undefined || pattern.test(value),
        messages.pattern,
      );
  }
  return z.object(shape);
}

/** `GET` and `POST /s2c/auth/v1/tax-details`: the member's own tax details and where they stand. */
export const TaxDetailsSchema = z.object({
  state: z.enum(taxDetailsStates),
  /** The fields the member's country asks for, in order. */
  fields: z.array(TaxFieldSchema),
  /** The values last sent ({} when none). */
  values: z.record(z.string(), z.string()),
  /** Why staff refused them (state refused), else null. */
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type TaxDetails = z.infer<typeof TaxDetailsSchema>;

/** `GET /s2c/staff/v1/members/{number}/tax-details`: what the member sent and what became of it. */
export const StaffTaxDetailsSchema = TaxDetailsSchema.extend({
  number: z.string(),
  countryCode: z.string(),
  /** The member may order as far as tax goes (member_tax_info). */
  taxOk: z.boolean(),
  /** Who decided (a staff email, or the command line). */
  decidedBy: z.string().nullable(),
});
export type StaffTaxDetails = z.infer<typeof StaffTaxDetailsSchema>;

export const taxDecisions = ['confirm', 'refuse'] as const;

/** `POST /s2c/staff/v1/members/{number}/tax-details/decision`: a reason is required to refuse. */
export const TaxDecisionSchema = z
  .object({
    decision: z.enum(taxDecisions, { message: 'confirm or refuse' }),
    reason: staffText().trim().max(500, 'At most 500 characters').default(''),
  })
  .refine((body) => body.decision === 'confirm' || body.reason !== '', {
    message: 'Say why the details are refused',
    path: ['reason'],
  });
export type TaxDecision = z.infer<typeof TaxDecisionSchema>;
