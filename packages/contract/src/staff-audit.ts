import { z } from 'zod';
import { StaffMomentSchema, staffText } from './staff-fields.js';

/** The audit log as staff read it (`GET /s2c/staff/v1/audit`). */

/** `2026-11-26` (the whole day, UTC) or a date-time with its offset, in the club's years. */
const AuditMomentSchema = z.string().trim().pipe(StaffMomentSchema);

/** A filter left blank is no filter: a form sends its empty fields too. */
const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const text = (max: number) => staffText().trim().max(max, `At most ${max} characters`);

export const auditPageSizeMax = 100;

/** The audit list's filters; each one given narrows it. */
export const AuditFilterSchema = z.object({
  /** The actor: a staff email or `command-line (user)`. */
  staff: blankIsAbsent(text(254)),
  /** A member number: entries about that member. */
  member: blankIsAbsent(
    z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'A member number'),
  ),
  action: blankIsAbsent(text(100)),
  targetType: blankIsAbsent(text(50)),
  target: blankIsAbsent(text(200)),
  from: blankIsAbsent(AuditMomentSchema),
  to: blankIsAbsent(AuditMomentSchema),
});
export type AuditFilter = z.output<typeof AuditFilterSchema>;

export const AuditQuerySchema = AuditFilterSchema.extend({
  /** Zero-based. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(auditPageSizeMax).default(25),
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who: the staff email, `command-line (user)` or `system`. */
  staff: z.string(),
  action: z.string(),
  targetType: z.string(),
  target: z.string(),
  countryCode: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/**
 * The audit list counts matching entries up to this many: a filter over
 * millions of entries reads at most this many index entries to count them,
 * and staff narrow the filter (dates) for older ones.
 */
export const AUDIT_COUNT_CAP = 10_000;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  /** Matching entries, counted up to AUDIT_COUNT_CAP. */
  total: z.number().int(),
  /** More entries match than `total` (only the first AUDIT_COUNT_CAP can be paged through). */
  totalCapped: z.boolean(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditActionsSchema = z.object({ actions: z.array(z.string()) });
export type AuditActions = z.infer<typeof AuditActionsSchema>;
