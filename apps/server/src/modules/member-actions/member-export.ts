import { asc, eq, inArray, and, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import { auditEntries } from '../audit/schema.js';
import { agents, directAccessChanges } from '../agents/schema.js';
import { countries } from '../content/schema.js';
import { giftOrderLines, giftOrders } from '../gifts/schema.js';
import { mailOutbox } from '../mail/schema.js';
import { offices } from '../offices/schema.js';
import { bookingSegments, bookings, pointEntries } from '../points/schema.js';

const time = z.string().nullable();

/**
 * A member's data as staff hand it over for an access request (GDPR art. 15):
 * everything the club keeps about them, but no secret (no password hash, no
 * link in a mail, no voucher code) and nothing about other people.
 */
export const MemberExportSchema = z.object({
  exportedAt: z.string(),
  member: z.object({
    number: z.string(),
    countryCode: z.string(),
    languageCode: z.string(),
    status: z.string(),
    title: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    birthdayDay: z.string(),
    birthdayMonth: z.string(),
    sign: z.string(),
    address: z.string(),
    giftDeliveryAddress: z.string(),
    officeId: z.string(),
    agency: z.string(),
    isAmadeusDirectUser: z.boolean(),
    createdAt: z.string(),
    activatedAt: time,
    deletedAt: time,
  }),
  consents: z.object({
    newsletter: z.boolean(),
    terms: z.object({
      acceptedVersion: z.string().nullable(),
      acceptedAt: time,
      countryVersion: z.string().nullable(),
    }),
  }),
  bookings: z.array(
    z.object({
      pnr: z.string(),
      officeId: z.string(),
      createdOn: z.string(),
      state: z.string(),
      reason: z.string().nullable(),
      segments: z.array(
        z.object({
          segmentId: z.string(),
          kind: z.string(),
          status: z.string(),
          serviceDate: z.string(),
          endDate: z.string().nullable(),
          used: z.boolean(),
          points: z.number().int(),
          creditedOn: z.string().nullable(),
        }),
      ),
    }),
  ),
  ledgerEntries: z.array(
    z.object({
      kind: z.string(),
      amount: z.number().int(),
      entryDate: z.string(),
      expiresOn: z.string().nullable(),
      description: z.string(),
      createdAt: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number().int(),
      state: z.string(),
      delivery: z.string(),
      deliveryAddress: z.string(),
      totalPoints: z.number().int(),
      createdAt: z.string(),
      fulfilledAt: time,
      failedAt: time,
      /** How many voucher codes were sent; the codes themselves are the member's and stay in their mail. */
      vouchersSent: z.number().int(),
      lines: z.array(
        z.object({
          description: z.string(),
          quantity: z.number().int(),
          points: z.number().int(),
        }),
      ),
    }),
  ),
  mailsSent: z.array(
    z.object({ template: z.string(), subject: z.string(), queuedAt: z.string(), sentAt: time }),
  ),
  directAccessChanges: z.array(
    z.object({
      isAmadeusDirectUser: z.boolean(),
      reason: z.string(),
      officeId: z.string().nullable(),
      changedAt: z.string(),
    }),
  ),
  auditEntries: z.array(
    z.object({
      at: z.string(),
      staff: z.string(),
      action: z.string(),
      reason: z.string().nullable(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});
export type MemberExport = z.infer<typeof MemberExportSchema>;

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/**
 * Reads the member's export and records that it was made (`member.export`,
 * it discloses personal data) in one transaction, so the export and its
 * entry belong together. Each list is read by the member's own index
 * (bookings, ledger, orders, direct-access changes by member id; mails by
 * lower(recipient); audit entries by target). Undefined for no such member
 * in `countries` (null: every country).
 */
export function exportMember(
  db: Database,
  number: string,
  access: { actor: AuditActor; countries: readonly string[] | null; now: Date },
): Promise<MemberExport | undefined> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({
        id: agents.id,
        number: agents.number,
        countryCode: agents.countryCode,
        languageCode: agents.languageCode,
        status: agents.status,
        title: agents.title,
        firstName: agents.firstName,
        lastName: agents.lastName,
        email: agents.email,
        phone: agents.phone,
        birthdayDay: agents.birthdayDay,
        birthdayMonth: agents.birthdayMonth,
        sign: agents.sign,
        address: agents.address,
        giftDeliveryAddress: agents.giftDeliveryAddress,
        officeId: agents.officeId,
        agency: offices.agencyName,
        isAmadeusDirectUser: agents.isAmadeusDirectUser,
        createdAt: agents.createdAt,
        activatedAt: agents.activatedAt,
        deletedAt: agents.deletedAt,
        newsletter: agents.newsletter,
        acceptedTermsVersion: agents.acceptedTermsVersion,
        termsAcceptedAt: agents.termsAcceptedAt,
        countryTermsVersion: countries.termsVersion,
      })
      .from(agents)
      .innerJoin(offices, eq(offices.officeId, agents.officeId))
      .leftJoin(countries, eq(countries.code, agents.countryCode))
      .where(eq(agents.number, number));
    if (
      member === undefined ||
      (access.countries !== null && !access.countries.includes(member.countryCode))
    ) {
      return undefined;
    }

    const memberBookings = await tx
      .select({
        id: bookings.id,
        pnr: bookings.pnr,
        officeId: bookings.officeId,
        createdOn: bookings.createdOn,
        state: bookings.state,
        reason: bookings.reason,
      })
      .from(bookings)
      .where(eq(bookings.agentId, member.id))
      .orderBy(asc(bookings.createdOn), asc(bookings.id));
    const segments =
      memberBookings.length === 0
        ? []
        : await tx
            .select()
            .from(bookingSegments)
            .where(
              inArray(
                bookingSegments.bookingId,
                memberBookings.map((booking) => booking.id),
              ),
            )
            .orderBy(asc(bookingSegments.serviceDate), asc(bookingSegments.id));

    const ledger = await tx
      .select()
      .from(pointEntries)
      .where(eq(pointEntries.agentId, member.id))
      .orderBy(asc(pointEntries.id));

    const orders = await tx
      .select()
      .from(giftOrders)
      .where(eq(giftOrders.agentId, member.id))
      .orderBy(asc(giftOrders.createdAt), asc(giftOrders.id));
    const lines =
      orders.length === 0
        ? []
        : await tx
            .select()
            .from(giftOrderLines)
            .where(
              inArray(
                giftOrderLines.orderId,
                orders.map((order) => order.id),
              ),
            );

    const mails = await tx
      .select({
        template: mailOutbox.template,
        subject: mailOutbox.subject,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.recipient}) = lower(${member.email})`)
      .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));

    const directAccess = await tx
      .select()
      .from(directAccessChanges)
      .where(eq(directAccessChanges.agentId, member.id))
      .orderBy(asc(directAccessChanges.changedAt), asc(directAccessChanges.id));

    const audits = await tx
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.targetType, 'member'), eq(auditEntries.target, member.number)))
      .orderBy(asc(auditEntries.at), asc(auditEntries.id));

    await recordAudit(
      tx,
      access.actor,
      {
        action: 'member.export',
        targetType: 'member',
        target: member.number,
        countryCode: member.countryCode,
        before: null,
        after: {
          bookings: memberBookings.length,
          ledgerEntries: ledger.length,
          orders: orders.length,
          mailsSent: mails.length,
          auditEntries: audits.length,
        },
      },
      access.now,
    );

    return {
      exportedAt: access.now.toISOString(),
      member: {
        number: member.number,
        countryCode: member.countryCode,
        languageCode: member.languageCode,
        status: member.status,
        title: member.title,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        phone: member.phone,
        birthdayDay: member.birthdayDay,
        birthdayMonth: member.birthdayMonth,
        sign: member.sign,
        address: member.address,
        giftDeliveryAddress: member.giftDeliveryAddress,
        officeId: member.officeId,
        agency: member.agency,
        isAmadeusDirectUser: member.isAmadeusDirectUser,
        createdAt: member.createdAt.toISOString(),
        activatedAt: iso(member.activatedAt),
        deletedAt: iso(member.deletedAt),
      },
      consents: {
        newsletter: member.newsletter,
        terms: {
          acceptedVersion: member.acceptedTermsVersion,
          acceptedAt: iso(member.termsAcceptedAt),
          countryVersion: member.countryTermsVersion,
        },
      },
      bookings: memberBookings.map((booking) => ({
        pnr: booking.pnr,
        officeId: booking.officeId,
        createdOn: booking.createdOn,
        state: booking.state,
        reason: booking.reason,
        segments: segments
          .filter((segment) => segment.bookingId === booking.id)
          .map((segment) => ({
            segmentId: segment.segmentId,
            kind: segment.kind,
            status: segment.status,
            serviceDate: segment.serviceDate,
            endDate: segment.endDate,
            used: segment.used,
            points: segment.points,
            creditedOn: segment.creditedOn,
          })),
      })),
      ledgerEntries: ledger.map((entry) => ({
        kind: entry.kind,
        amount: entry.amount,
        entryDate: entry.entryDate,
        expiresOn: entry.expiresOn,
        description: entry.description,
        createdAt: entry.createdAt.toISOString(),
      })),
      orders: orders.map((order) => ({
        id: order.id,
        state: order.state,
        delivery: order.delivery,
        deliveryAddress: order.deliveryAddress,
        totalPoints: order.totalPoints,
        createdAt: order.createdAt.toISOString(),
        fulfilledAt: iso(order.fulfilledAt),
        failedAt: iso(order.failedAt),
        vouchersSent: order.vouchers.length,
        lines: lines
          .filter((line) => line.orderId === order.id)
          .map((line) => ({
            description: line.description,
            quantity: line.quantity,
            points: line.points,
          })),
      })),
      mailsSent: mails.map((mail) => ({
        template: mail.template,
        subject: mail.subject,
        queuedAt: mail.createdAt.toISOString(),
        sentAt: iso(mail.sentAt),
      })),
      directAccessChanges: directAccess.map((change) => ({
        isAmadeusDirectUser: change.isAmadeusDirectUser,
        reason: change.reason,
        officeId: change.officeId,
        changedAt: change.changedAt.toISOString(),
      })),
      auditEntries: audits.map((entry) => ({
        at: entry.at.toISOString(),
        staff: entry.actor,
        action: entry.action,
        reason: entry.reason,
        before: entry.before,
        after: entry.after,
      })),
    };
  });
}
