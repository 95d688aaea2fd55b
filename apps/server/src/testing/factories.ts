import { agents, type AgentStatus } from '../modules/agents/schema.js';
import { hashPassword } from '../modules/agents/password.js';
import { offices } from '../modules/offices/schema.js';
import { giftOrdering } from '../modules/gifts/schema.js';
import type { Database } from '../db/client.js';

/**
 * Data factories for tests: each creates what it is asked for with sensible
 * defaults, and unique values where the schema wants them.
 */
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`.toUpperCase();

export type OfficeOverrides = Partial<typeof offices.$inferInsert>;

export async function createOffice(db: Database, overrides: OfficeOverrides = {}) {
  const [office] = await db
    .insert(offices)
    .values({
      officeId: `ATH${unique()}`.slice(0, 20),
      countryCode: 'gr',
      agencyName: 'Test Travel',
      address: '1 Test Street, Athens',
      zip: '10558',
      active: true,
      isAmadeusDirectOffice: false,
      ...overrides,
    })
    .returning();
  return office!;
}

export type AgentOverrides = Partial<Omit<typeof agents.$inferInsert, 'passwordHash'>> & {
  password?: string;
  status?: AgentStatus;
};

/** A member with a real argon2id hash of `password` (default `secret123`). */
export async function createAgent(db: Database, overrides: AgentOverrides = {}) {
  const { password = 'secret123', ...values } = overrides;
  const officeId =
    values.officeId ??
    (await createOffice(db, { countryCode: values.countryCode ?? 'gr' })).officeId;
  const [agent] = await db
    .insert(agents)
    .values({
      countryCode: 'gr',
      languageCode: 'eng',
      status: 'active',
      title: 'mr',
      firstName: 'Nikos',
      lastName: 'Agent',
      email: `agent-${unique().toLowerCase()}@travel.example`,
      activatedAt: new Date(),
      termsAcceptedAt: new Date(),
      // The first terms, which the fixture countries publish; `termsAcceptedAt: null` accepted none.
      acceptedTermsVersion: values.termsAcceptedAt === null ? null : '1',
      ...values,
      officeId,
      passwordHash: await hashPassword(password),
    })
    .returning();
  return { ...agent!, password };
}

/** Gift ordering open in a country: not disabled, no ordering date ranges. */
export async function openGiftOrdering(db: Database, countryCode: string): Promise<void> {
  const open = {
    orderDisabled: false,
    from1: null,
    to1: null,
    from2: null,
    to2: null,
    reopensOn: null,
  };
  const noLaterRanges = { from3: null, to3: null, from4: null, to4: null };
  await db
    .insert(giftOrdering)
    .values({ countryCode, ...open, ...noLaterRanges })
    .onConflictDoUpdate({ target: giftOrdering.countryCode, set: { ...open, ...noLaterRanges } });
}
