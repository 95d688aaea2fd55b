import { z } from 'zod';
import { PageNumberSchema } from './staff-bookings.js';
import { staffText } from './staff-fields.js';

/**
 * The staff console's offices area: the offices directory search, an
 * office's page with its state history, decision makers' links and the
 * upload of an office directory file; shared by the console and the server.
 */

export const officeStates = ['active', 'inactive', 'direct'] as const;
export const OfficeStateSchema = z.enum(officeStates);
export type OfficeState = z.infer<typeof OfficeStateSchema>;

/** `GET /s2c/staff/v1/offices`: words of the office ID, agency name, address (city) or zip. */
export const OfficeSearchQuerySchema = z.object({
  query: staffText().trim().max(100, 'At most 100 characters').default(''),
  state: z
    .union([OfficeStateSchema, z.literal('')], 'Choose active, inactive or direct')
    .default(''),
  page: PageNumberSchema,
});
export type OfficeSearchQuery = z.infer<typeof OfficeSearchQuerySchema>;

export const OfficeListItemSchema = z.object({
  officeId: z.string(),
  countryCode: z.string(),
  agencyName: z.string(),
  address: z.string(),
  zip: z.string(),
  /** The agency takes part in the club. */
  active: z.boolean(),
  /** A direct-sales office. */
  direct: z.boolean(),
});
export type OfficeListItem = z.infer<typeof OfficeListItemSchema>;

/** The most offices a search counts: `total` stops there and `totalIsCapped` says so. */
export const officeSearchCountCap = 1000;

export const OfficeSearchPageSchema = z.object({
  items: z.array(OfficeListItemSchema),
  total: z.number().int(),
  totalIsCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OfficeSearchPage = z.infer<typeof OfficeSearchPageSchema>;

/** One change of an office's state: by a decision maker's link, or by a load of the directory. */
export const OfficeStateChangeSchema = z.object({
  at: z.string(),
  /** `link`: a decision maker opted in or out; `directory`: an office directory load. */
  by: z.enum(['link', 'directory']),
  /** Null for an office the directory added. */
  previousActive: z.boolean().nullable(),
  active: z.boolean(),
  previousDirect: z.boolean().nullable(),
  direct: z.boolean().nullable(),
  /** Who submitted the link's form. */
  decisionMaker: z
    .object({ firstName: z.string(), lastName: z.string(), email: z.string() })
    .nullable(),
  comment: z.string(),
  /** The link used: made by staff (`issuedBy`) or mailed by the club (null). */
  link: z
    .object({
      purpose: z.enum(['opt-in', 'opt-out']),
      createdAt: z.string(),
      issuedBy: z.string().nullable(),
    })
    .nullable(),
  /** The directory load: who, which file, from the console or `content:load`. */
  directoryImport: z
    .object({
      id: z.number().int(),
      actor: z.string(),
      fileName: z.string(),
      source: z.enum(['console', 'content-load']),
    })
    .nullable(),
});
export type OfficeStateChange = z.infer<typeof OfficeStateChangeSchema>;

export const OfficeMemberSchema = z.object({
  number: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  state: z.string(),
});

/** `GET /s2c/staff/v1/offices/{officeId}`. */
export const OfficeDetailSchema = OfficeListItemSchema.extend({
  decisionMaker: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  /** When the decision maker last opted in or out; null while the directory decides. */
  decidedAt: z.string().nullable(),
  /** Newest first (the latest 100). */
  history: z.array(OfficeStateChangeSchema),
  /** Agents' requests that the decision maker be told (the latest 20). */
  enrolRequests: z.object({
    items: z.array(z.object({ requestedAt: z.string(), mailed: z.boolean() })),
    total: z.number().int(),
  }),
  /** Agents waiting to be told by email once the office takes part. */
  waitingAgents: z.array(
    z.object({ email: z.string(), since: z.string(), notifiedAt: z.string().nullable() }),
  ),
  /** Members registered with the office (the first 50 by registration). */
  members: z.object({ items: z.array(OfficeMemberSchema), total: z.number().int() }),
});
export type OfficeDetail = z.infer<typeof OfficeDetailSchema>;

export const agencyLinkPurposes = ['opt-in', 'opt-out'] as const;

/** `POST /s2c/staff/v1/offices/{officeId}/agency-links`. */
export const AgencyLinkInputSchema = z.object({
  purpose: z.enum(agencyLinkPurposes, 'Choose opt-in or opt-out'),
});
export type AgencyLinkInput = z.infer<typeof AgencyLinkInputSchema>;

/** A fresh link, shown once: only its hash is stored. */
export const AgencyLinkAnswerSchema = z.object({
  officeId: z.string(),
  purpose: z.enum(agencyLinkPurposes),
  url: z.string(),
  expiresAt: z.string(),
});
export type AgencyLinkAnswer = z.infer<typeof AgencyLinkAnswerSchema>;

/** The largest office directory file the console call takes (bytes). */
export const officeDirectoryMaxBytes = 5 * 1024 * 1024;

/** `POST /s2c/staff/v1/offices/import`: the file's text (the format of `content/offices/{country}.json`). */
export const OfficeImportInputSchema = z.object({
  file: staffText().min(1, 'Choose an office directory file'),
  fileName: staffText().trim().min(1).max(200, 'At most 200 characters').default('offices.json'),
});
export type OfficeImportInput = z.infer<typeof OfficeImportInputSchema>;

/** What an office directory upload did: what changed, what was refused and why. */
export const OfficeImportReportSchema = z.object({
  importId: z.number().int(),
  countryCode: z.string(),
  entries: z.number().int(),
  added: z.array(z.string()),
  changed: z.array(
    z.object({
      officeId: z.string(),
      changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    }),
  ),
  unchanged: z.number().int(),
  rejected: z.array(
    z.object({ entry: z.number().int(), officeId: z.string().nullable(), reason: z.string() }),
  ),
  directAccessMembers: z.number().int(),
});
export type OfficeImportReport = z.infer<typeof OfficeImportReportSchema>;
