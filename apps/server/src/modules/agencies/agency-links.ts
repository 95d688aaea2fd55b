import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { linkSettings, pageUrl, type LinkSettings } from '../content/member-page-urls.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import { countries } from '../content/schema.js';
import { offices } from '../offices/schema.js';
import { agencyLinks, type AgencyLinkPurpose } from './schema.js';

const dayMs = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

export type IssuedAgencyLink = { s: string; c: string; url: string; expiresAt: Date };

/**
 * Creates a single-use link for an office's decision maker: `s` names the
 * link, `c` (32 random bytes) proves it and is never stored, only its SHA-256.
 * The URL is the agency page on the office's country host, default language;
 * the link works for `lifetimeDays` (AGENCY_LINK_DAYS). `issuedBy` names
 * who made it by hand (staff, a command); the club's own mails leave it null.
 */
export async function issueAgencyLink(
  tx: Transaction,
  officeId: string,
  purpose: AgencyLinkPurpose,
  now: number,
  lifetimeDays: number,
  settings: LinkSettings = linkSettings(),
  issuedBy: string | null = null,
): Promise<IssuedAgencyLink> {
  const [office] = await tx
    .select({
      countryCode: offices.countryCode,
      defaultLanguageCode: countries.defaultLanguageCode,
      subDomainDisabled: countries.subDomainDisabled,
    })
    .from(offices)
    .leftJoin(countries, eq(countries.code, offices.countryCode))
    .where(eq(offices.officeId, officeId));
  if (office === undefined) throw new Error(`Unknown office ${officeId}`);
  const s = randomBytes(12).toString('base64url');
  const c = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + lifetimeDays * dayMs);
  await tx.insert(agencyLinks).values({
    id: s,
    tokenHash: hashToken(c).toString('hex'),
    officeId,
    purpose,
    createdAt: new Date(now),
    issuedBy,
    expiresAt,
  });
  const languageCode = office.defaultLanguageCode ?? 'eng';
  const url = pageUrl(settings, {
    countryCode: office.countryCode,
    languageCode,
    defaultLanguageCode: languageCode,
    subDomainDisabled: office.subDomainDisabled ?? false,
    page: purpose === 'opt-in' ? 'agency-opt-in' : 'agency-opt-out',
    query: { s, c },
  });
  return { s, c, url, expiresAt };
}

/**
 * A link made by hand for an office's decision maker (the staff console,
 * `npm run agencies:link`), audited (`office.link`) in the link's
 * transaction; the audit entry names the link, never its proof `c`. Null for
 * an unknown office.
 */
export async function issueAgencyLinkByHand(
  db: Database,
  officeId: string,
  purpose: AgencyLinkPurpose,
  by: { actor: AuditActor; now: number; lifetimeDays: number; settings?: LinkSettings },
): Promise<IssuedAgencyLink | null> {
  return db.transaction(async (tx) => {
    const [office] = await tx
      .select({ countryCode: offices.countryCode })
      .from(offices)
      .where(eq(offices.officeId, officeId));
    if (office === undefined) return null;
    const link = await issueAgencyLink(
      tx,
      officeId,
      purpose,
      by.now,
      by.lifetimeDays,
      by.settings ?? linkSettings(),
      by.actor.label,
    );
    await recordAudit(
      tx,
      by.actor,
      {
        action: 'office.link',
        targetType: 'office',
        target: officeId,
        countryCode: office.countryCode,
        after: { purpose, link: link.s, expiresAt: link.expiresAt.toISOString() },
      },
      new Date(by.now),
    );
    return link;
  });
}

export type UsableAgencyLink = { id: string; officeId: string; purpose: AgencyLinkPurpose };

/**
 * The link `s` proven by `c`, when it is unused and unexpired; else null.
 * `lock` takes the row lock (inside a transaction), so of two submits of one
 * link the second waits and then sees it used.
 */
export async function findUsableLink(
  db: Database,
  link: { s: string; c: string },
  now: number,
  lock = false,
): Promise<UsableAgencyLink | null> {
  const query = db.select().from(agencyLinks).where(eq(agencyLinks.id, link.s));
  const [row] = lock ? await query.for('update') : await query;
  if (row === undefined) return null;
  const stored = Buffer.from(row.tokenHash, 'hex');
  const given = hashToken(link.c);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  if (row.usedAt !== null || row.expiresAt.getTime() <= now) return null;
  return { id: row.id, officeId: row.officeId, purpose: row.purpose };
}
