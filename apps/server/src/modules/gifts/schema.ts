import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DeliveryOption, OrderState, RefundCause } from '@club/contract/gifts';
import type { TaxDetailsState } from '@club/contract/tax-details';
import { agents } from '../agents/schema.js';

/** Gift categories of a country, named per language. */
export const giftCategories = pgTable(
  'gift_categories',
  {
    countryCode: varchar({ length: 2 }).notNull(),
    /** Stable id, used in `?category=`. */
    id: varchar({ length: 40 }).notNull(),
    languageCode: varchar({ length: 3 }).notNull(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    /**
     * When staff last created or renamed the category in the console (every
     * language's row carries it): from then on the database is its source of
     * truth, and loading the gift files leaves it alone unless told to take
     * the file (load-gifts.ts), as with an edited gift.
     */
    editedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.id, t.languageCode] })],
);

/** The catalogue: gifts of a country. */
export const gifts = pgTable(
  'gifts',
  {
    id: integer().primaryKey(),
    countryCode: varchar({ length: 2 }).notNull(),
    category: varchar({ length: 40 }).notNull(),
    points: integer().notNull(),
    /** Items left; null when the gift is not counted. Never below zero. */
    stock: integer(),
    active: boolean().notNull().default(true),
    /** Image under /media, or '' for the default icon. */
    image: text().notNull().default(''),
    link: text().notNull().default(''),
    position: integer().notNull().default(0),
    /**
     * When staff last edited the gift in the console: from then on the
     * database is its source of truth, and loading the gift files leaves it
     * alone unless told to take the file (load-gifts.ts).
     */
    editedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('gifts_country_idx').on(t.countryCode, t.category),
    check('gifts_points_positive', sql`${t.points} > 0`),
    check('gifts_stock_not_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/** A gift's name and text per language. */
export const giftTexts = pgTable(
  'gift_texts',
  {
    giftId: integer()
      .notNull()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    languageCode: varchar({ length: 3 }).notNull(),
    description: text().notNull(),
    /** HTML. */
    text: text().notNull().default(''),
    /**
     * The gift image's alt text in this language: null when none was given
     * (the member site then treats the image as decorative, as before), ''
     * when staff said it is decorative.
     */
    imageAlt: text(),
  },
  (t) => [primaryKey({ columns: [t.giftId, t.languageCode] })],
);

/** Ordering rules of a country (spec 2 §3 "Ordering date ranges", §4 "Ordering disabled"). */
export const giftOrdering = pgTable('gift_ordering', {
  countryCode: varchar({ length: 2 }).primaryKey(),
  /** The switch: ordering off whatever the dates. */
  orderDisabled: boolean().notNull().default(false),
  /** Up to four ranges (spDateFrom1…4 / spDateTo1…4); none means any day. */
  from1: date({ mode: 'string' }),
  to1: date({ mode: 'string' }),
  from2: date({ mode: 'string' }),
  to2: date({ mode: 'string' }),
  from3: date({ mode: 'string' }),
  to3: date({ mode: 'string' }),
  from4: date({ mode: 'string' }),
  to4: date({ mode: 'string' }),
  /** Content may say when ordering reopens (shown on the member home while it is closed). */
  reopensOn: date({ mode: 'string' }),
  /** When staff last edited the rules in the console (the loader then keeps them, like an edited gift). */
  editedAt: timestamp({ withTimezone: true }),
});

/** A member's tax information, verified by programme staff (spec 2 §3 taxOK). */
export const memberTaxInfo = pgTable('member_tax_info', {
  agentId: integer()
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  taxOk: boolean().notNull().default(false),
  verifiedAt: timestamp({ withTimezone: true }),
});

/**
 * The tax details a member sent to unlock ordering (one row a member: sending
 * again replaces them), and the staff decision on them: `sent` (being
 * checked), `confirmed` (their `member_tax_info` says taxOk) or `refused`
 * (with the reason the member reads). Who decided is the audit actor's label.
 */
export const memberTaxDetails = pgTable(
  'member_tax_details',
  {
    agentId: integer()
      .primaryKey()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** The member's country, kept here so the Overview counts a country's waiting details from one index. */
    countryCode: varchar({ length: 2 }).notNull(),
    fields: jsonb().$type<Record<string, string>>().notNull(),
    state: text().$type<Exclude<TaxDetailsState, 'none'>>().notNull(),
    reason: text(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
    decidedBy: text(),
    decidedByStaffId: integer(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('member_tax_details_state_check', sql`${t.state} in ('sent', 'confirmed', 'refused')`),
    // The console's Overview: a country's details waiting for a decision, oldest first.
    index('member_tax_details_sent_idx')
      .on(t.countryCode, t.sentAt)
      .where(sql`${t.state} = 'sent'`),
  ],
);

/**
 * Gift orders. Placing one is one transaction with its ledger debit and its
 * stock; the voucher provider is called afterwards from this table, which is
 * the queue: `placed` orders are due at `nextAttemptAt`.
 */
export const giftOrders = pgTable(
  'gift_orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    countryCode: varchar({ length: 2 }).notNull(),
    /** The order form's key: a repeated submit finds the order it placed. */
    orderKey: varchar({ length: 64 }).notNull(),
    state: text().$type<OrderState>().notNull().default('placed'),
    delivery: text().$type<DeliveryOption>().notNull(),
    deliveryAddress: text().notNull().default(''),
    totalPoints: integer().notNull(),
    /** Which voucher provider handles it (`manual`, `http`). */
    provider: varchar({ length: 20 }).notNull(),
    /** The provider's reference once it accepted the order. */
    providerRef: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Held by one worker while it calls the provider. */
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp({ withTimezone: true }),
    fulfilledAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    /** The voucher codes the provider or staff sent with the fulfilment (the member's page and mail). */
    vouchers: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Why a failed order was refunded; its `lastError` holds the reason. */
    failedBy: text().$type<RefundCause>(),
    /**
     * When the member first opened the order's codes on the site (the Ordered
     * gifts tab); until then staff may correct the codes and send them again.
     */
    vouchersOpenedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gift_orders_key_idx').on(t.agentId, t.orderKey),
    index('gift_orders_due_idx').on(t.state, t.nextAttemptAt),
    index('gift_orders_agent_idx').on(t.agentId, t.createdAt),
    // The staff order queue, newest first: by country, by country and state, and (admins) overall;
    // the orders-by-state report counts a country's orders from the second alone.
    index('gift_orders_country_created_idx').on(t.countryCode, t.createdAt),
    index('gift_orders_country_state_created_idx').on(t.countryCode, t.state, t.createdAt),
    index('gift_orders_state_created_idx').on(t.state, t.createdAt),
    index('gift_orders_created_idx').on(t.createdAt),
    check('gift_orders_total_positive', sql`${t.totalPoints} > 0`),
  ],
);

export const giftOrderLines = pgTable(
  'gift_order_lines',
  {
    orderId: integer()
      .notNull()
      .references(() => giftOrders.id, { onDelete: 'cascade' }),
    giftId: integer()
      .notNull()
      .references(() => gifts.id),
    quantity: integer().notNull(),
    /** Points per item when ordered. */
    points: integer().notNull(),
    /** The gift's name when ordered, in the member's language. */
    description: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.giftId] }),
    // The staff queue's gift filter: the orders of one gift.
    index('gift_order_lines_gift_idx').on(t.giftId, t.orderId),
    check('gift_order_lines_quantity', sql`${t.quantity} between 1 and 10`),
  ],
);

/**
 * Every call the order queue made to the voucher provider about an order,
 * with the provider's answer or the error: what staff read on the order page
 * to see why an order waits, was retried or failed.
 */
export const giftOrderAttempts = pgTable(
  'gift_order_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => giftOrders.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Which call: place the order, ask its status, cancel it. */
    call: text().$type<ProviderCall>().notNull(),
    /** What the club made of the answer: accepted, retry, refused, pending, fulfilled, held, cancelled, error. */
    outcome: text().notNull(),
    /** The provider's answer or the error, as said (at most 1000 characters). */
    answer: text().notNull().default(''),
  },
  (t) => [index('gift_order_attempts_order_idx').on(t.orderId, t.at)],
);

export type ProviderCall = 'place' | 'status' | 'cancel';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Gift images uploaded in the console, kept in the database (several server
 * processes share it; no local files) and served at `/media/gift-images/{id}`.
 * An image never changes once stored: a new upload is a new row, so its URL
 * can be cached for a year.
 */
export const giftImages = pgTable('gift_images', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  countryCode: varchar({ length: 2 }).notNull(),
  contentType: varchar({ length: 20 }).notNull(),
  bytes: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
