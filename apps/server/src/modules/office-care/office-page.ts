import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { OfficeDetail, OfficeStateChange } from '@club/contract/staff-offices';
import type { Database } from '../../db/client.js';
import { agencyLinks, agencyStateChanges } from '../agencies/schema.js';
import { agents } from '../agents/schema.js';
import {
  officeEnrollRequests,
  officeImports,
  officeNotifyRequests,
  type offices,
} from '../offices/schema.js';

const HISTORY_SHOWN = 100;
const ENROL_REQUESTS_SHOWN = 20;
const MEMBERS_SHOWN = 50;

type Office = typeof offices.$inferSelect;

/**
 * An office's page for staff: its state with its history (links and
 * directory loads), the agents waiting for it, and its members. Each list is
 * one indexed read by office ID: `agency_state_changes_office_idx`,
 * `office_enroll_requests_office_idx`, `office_notify_requests_office_idx`,
 * `agents_office_idx`.
 */
export async function officePage(db: Database, office: Office): Promise<OfficeDetail> {
  const { officeId } = office;
  // A purged member's tombstone is no member of the office.
  const ofTheOffice = and(eq(agents.officeId, officeId), ne(agents.status, 'purged'));
  const [history, enrolRequests, [enrolTotal], waiting, members, [memberTotal]] = await Promise.all(
    [
      db
        .select({
          change: agencyStateChanges,
          link: {
            purpose: agencyLinks.purpose,
            createdAt: agencyLinks.createdAt,
            issuedBy: agencyLinks.issuedBy,
          },
          directoryImport: {
            id: officeImports.id,
            actor: officeImports.actor,
            fileName: officeImports.fileName,
            source: officeImports.source,
          },
        })
        .from(agencyStateChanges)
        .leftJoin(agencyLinks, eq(agencyLinks.id, agencyStateChanges.linkId))
        .leftJoin(officeImports, eq(officeImports.id, agencyStateChanges.officeImportId))
        .where(eq(agencyStateChanges.officeId, officeId))
        .orderBy(desc(agencyStateChanges.changedAt), desc(agencyStateChanges.id))
        .limit(HISTORY_SHOWN),
      db
        .select({
          requestedAt: officeEnrollRequests.requestedAt,
          mailedAt: officeEnrollRequests.mailedAt,
        })
        .from(officeEnrollRequests)
        .where(eq(officeEnrollRequests.officeId, officeId))
        .orderBy(desc(officeEnrollRequests.requestedAt))
        .limit(ENROL_REQUESTS_SHOWN),
      db
        .select({ total: count() })
        .from(officeEnrollRequests)
        .where(eq(officeEnrollRequests.officeId, officeId)),
      // At most ENROLL_NOTIFY_MAX_WAITING addresses wait per office.
      db
        .select({
          email: officeNotifyRequests.email,
          createdAt: officeNotifyRequests.createdAt,
          notifiedAt: officeNotifyRequests.notifiedAt,
        })
        .from(officeNotifyRequests)
        .where(eq(officeNotifyRequests.officeId, officeId))
        .orderBy(asc(officeNotifyRequests.id)),
      db
        .select({
          number: agents.number,
          firstName: agents.firstName,
          lastName: agents.lastName,
          email: agents.email,
          state: agents.status,
        })
        .from(agents)
        .where(ofTheOffice)
        .orderBy(asc(agents.id))
        .limit(MEMBERS_SHOWN),
      db.select({ total: count() }).from(agents).where(ofTheOffice),
    ],
  );

  return {
    officeId,
    countryCode: office.countryCode,
    agencyName: office.agencyName,
    address: office.address,
    zip: office.zip,
    active: office.active,
    direct: office.isAmadeusDirectOffice,
    decisionMaker: { name: office.decisionMakerName, email: office.decisionMakerEmail },
    decidedAt: office.activeDecidedAt?.toISOString() ?? null,
    history: history.map(({ change, link, directoryImport }): OfficeStateChange => ({
      at: change.changedAt.toISOString(),
      by: change.linkId === null ? 'directory' : 'link',
      previousActive: change.previousActive,
      active: change.active,
      previousDirect: change.previousDirect,
      direct: change.direct,
      decisionMaker:
        change.firstName === null
          ? null
          : {
              firstName: change.firstName,
              lastName: change.lastName ?? '',
              email: change.email ?? '',
            },
      comment: change.comment,
      link:
        link === null
          ? null
          : {
              purpose: link.purpose,
              createdAt: link.createdAt.toISOString(),
              issuedBy: link.issuedBy,
            },
      directoryImport,
    })),
    enrolRequests: {
      items: enrolRequests.map((request) => ({
        requestedAt: request.requestedAt.toISOString(),
        mailed: request.mailedAt !== null,
      })),
      total: enrolTotal?.total ?? 0,
    },
    waitingAgents: waiting.map((request) => ({
      email: request.email,
      since: request.createdAt.toISOString(),
      notifiedAt: request.notifiedAt?.toISOString() ?? null,
    })),
    members: { items: members, total: memberTotal?.total ?? 0 },
  };
}
