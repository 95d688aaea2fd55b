import { asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  NewStaffAccount,
  NewStaffAccountAnswer,
  StaffAccount,
  StaffAccountChange,
  StaffAccountListItem,
  StaffAccountState,
} from '@club/contract/staff-accounts';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import { enqueueWrittenMail } from '../mail/outbox.js';
import { staffSetupMail } from './staff-setup-mail.js';
import { countries } from '../content/schema.js';
import { staffAccounts } from './schema.js';
import { issueSetupLink, voidSetupLinks, type IssuedSetupLink } from './staff-setup-links.js';
import { endAllStaffSessions } from './staff-sessions.js';
import { clearStaffLoginFailures, loginStateOf, staffLoginStates } from './staff-login-limits.js';

/**
 * Staff accounts as admins manage them: the one service behind the console's
 * Staff area and `npm run staff:add`, so both check alike and are audited
 * alike (`staff.add`, `staff.change`, `staff.disable`, `staff.enable`,
 * `staff.new-setup-link`, `staff.unlock-login`).
 */

/** A change the service refuses, with a message per field (a 400 to the console, a line to the command). */
export class StaffAccountRefused extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields).join('; '));
    this.name = 'StaffAccountRefused';
  }
}

type AccountRow = typeof staffAccounts.$inferSelect;

const accountColumns = {
  id: staffAccounts.id,
  email: staffAccounts.email,
  role: staffAccounts.role,
  countries: staffAccounts.countries,
  passwordHash: staffAccounts.passwordHash,
  disabledAt: staffAccounts.disabledAt,
  createdAt: staffAccounts.createdAt,
};
type AccountView = Pick<
  AccountRow,
  'id' | 'email' | 'role' | 'countries' | 'passwordHash' | 'disabledAt' | 'createdAt'
>;

export function staffAccountState(
  row: Pick<AccountRow, 'passwordHash' | 'disabledAt'>,
): StaffAccountState {
  if (row.disabledAt !== null) return 'disabled';
  return row.passwordHash === null ? 'waiting-for-setup' : 'set-up';
}

function accountOf(row: AccountView): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    countries: row.countries,
    state: staffAccountState(row),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Who can see what an account may do: the audit log's before and after. */
const accessOf = (row: Pick<AccountRow, 'role' | 'countries'>) => ({
  role: row.role,
  countries: row.countries,
});

export type SetupLinkOptions = Pick<Config, 'publicBaseUrl'> & {
  staff: Pick<Config['staff'], 'setupLinkHours' | 'totpSecretKey'>;
};
const linkOptions = (config: SetupLinkOptions) => ({
  publicBaseUrl: config.publicBaseUrl,
  setupLinkHours: config.staff.setupLinkHours,
  totpSecretKey: config.staff.totpSecretKey,
});

/**
 * Every staff account, by email (a programme has tens of them: the email
 * index orders them), with its failed logins in the current window and its
 * login backoff.
 */
export async function listStaffAccounts(
  db: Database,
  now: Date,
  limits: Pick<Config['loginLimits'], 'failureWindowMinutes'>,
): Promise<StaffAccountListItem[]> {
  const rows = await db
    .select(accountColumns)
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.email));
  const states = await staffLoginStates(
    db,
    rows.map((row) => row.email),
    now,
    limits,
  );
  return rows.map((row) => ({ ...accountOf(row), ...loginStateOf(states, row.email) }));
}

/** Refuses country codes that are not countries of the club. */
async function assertCountriesExist(db: Database | Transaction, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  const found = await db
    .select({ code: countries.code })
    .from(countries)
    .where(inArray(countries.code, codes));
  const known = new Set(found.map((row) => row.code));
  const unknown = codes.filter((code) => !known.has(code));
  if (unknown.length > 0) {
    throw new StaffAccountRefused({
      countries: `No such country: ${unknown.join(', ')}`,
    });
  }
}

/**
 * Adds a staff account without password or code, mails its owner the setup
 * link (in English, through the outbox) and answers it (shown once to the
 * admin; it is not stored). A second account with the same email (in any
 * case) is refused.
 */
export async function addStaffAccount(
  db: Database,
  actor: AuditActor,
  input: NewStaffAccount,
  now: Date,
  config: SetupLinkOptions,
): Promise<NewStaffAccountAnswer> {
  await assertCountriesExist(db, input.countries);
  return db.transaction(async (tx) => {
    // The unique email index decides between two adds at once: the loser inserts nothing.
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        email: input.email.toLowerCase(),
        role: input.role,
        countries: input.countries,
        createdAt: now,
      })
      .onConflictDoNothing({ target: staffAccounts.email })
      .returning(accountColumns);
    if (row === undefined) {
      throw new StaffAccountRefused({ email: 'There is a staff account with this email already' });
    }
    const link = await issueSetupLink(tx, row.id, now, linkOptions(config));
    // Mailed to its owner with the account (the outbox sends it once this commits), and shown once to the admin.
    await enqueueWrittenMail(tx, staffSetupMail({ ...row, ...link }));
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.add',
        targetType: 'staff',
        target: row.email,
        after: { ...accessOf(row), state: staffAccountState(row) },
      },
      now,
    );
    return { account: accountOf(row), ...link, mailedTo: row.email };
  });
}

/** The account, locked until the transaction ends (changes of one account happen one at a time). */
async function lockedAccount(tx: Transaction, id: number): Promise<AccountView | undefined> {
  const [row] = await tx
    .select(accountColumns)
    .from(staffAccounts)
    .where(eq(staffAccounts.id, id))
    .for('update');
  return row;
}

/**
 * The enabled admins, locked in the order of their ids. A change that may
 * leave the club without an enabled admin takes this lock before the
 * account's own row: two admins disabling each other at once then wait on
 * one lock, in one order, and the second is refused (locking the account
 * first let each hold one row and wait for the other's: a deadlock).
 */
async function lockEnabledAdmins(tx: Transaction): Promise<number[]> {
  const admins = await tx
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(sql`${staffAccounts.role} = 'admin' and ${staffAccounts.disabledAt} is null`)
    .orderBy(staffAccounts.id)
    .for('update');
  return admins.map((admin) => admin.id);
}

/** Refuses a change that would leave none of the enabled admins (locked first) but `id`. */
function assertAnotherAdminStays(enabledAdmins: number[], id: number): void {
  if (!enabledAdmins.some((admin) => admin !== id)) {
    throw new StaffAccountRefused({ role: 'The club needs at least one enabled admin' });
  }
}

function refuseSelf(actor: AuditActor, id: number, field: string, message: string): void {
  if (actor.staffId === id) throw new StaffAccountRefused({ [field]: message });
}

/**
 * Changes an account's role and countries; its sessions end, so the new
 * access holds from its next login. Answers undefined for no such account.
 */
export async function changeStaffAccount(
  db: Database,
  actor: AuditActor,
  id: number,
  change: StaffAccountChange,
  now: Date,
): Promise<StaffAccount | undefined> {
  await assertCountriesExist(db, change.countries);
  return db.transaction(async (tx) => {
    const enabledAdmins = change.role === 'admin' ? [] : await lockEnabledAdmins(tx);
    const before = await lockedAccount(tx, id);
    if (before === undefined) return undefined;
    const same =
      before.role === change.role && before.countries.join(',') === change.countries.join(',');
    if (same) return accountOf(before);
    if (before.role === 'admin' && change.role !== 'admin') {
      refuseSelf(actor, id, 'role', 'You cannot take the admin role from yourself');
      if (before.disabledAt === null) assertAnotherAdminStays(enabledAdmins, id);
    }
    const [after] = await tx
      .update(staffAccounts)
      .set({ role: change.role, countries: change.countries })
      .where(eq(staffAccounts.id, id))
      .returning(accountColumns);
    await endAllStaffSessions(tx, id, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.change',
        targetType: 'staff',
        target: before.email,
        before: accessOf(before),
        after: accessOf(after!),
      },
      now,
    );
    return accountOf(after!);
  });
}

/**
 * Disables an account (its sessions end at once, it cannot log in, and its
 * unused setup link is void) or enables it again (without a setup link: an
 * account still waiting for setup needs a new one). Answers undefined for no
 * such account; a change to the state it has already is no change and writes
 * nothing.
 */
export async function setStaffAccountDisabled(
  db: Database,
  actor: AuditActor,
  id: number,
  disabled: boolean,
  now: Date,
): Promise<StaffAccount | undefined> {
  return db.transaction(async (tx) => {
    const enabledAdmins = disabled ? await lockEnabledAdmins(tx) : [];
    const before = await lockedAccount(tx, id);
    if (before === undefined) return undefined;
    if ((before.disabledAt !== null) === disabled) return accountOf(before);
    if (disabled) {
      refuseSelf(actor, id, 'account', 'You cannot disable your own account');
      if (before.role === 'admin') assertAnotherAdminStays(enabledAdmins, id);
    }
    const [after] = await tx
      .update(staffAccounts)
      .set({ disabledAt: disabled ? now : null })
      .where(eq(staffAccounts.id, id))
      .returning(accountColumns);
    let setupLinkVoided = false;
    if (disabled) {
      await endAllStaffSessions(tx, id, now);
      setupLinkVoided = await voidSetupLinks(tx, id);
    }
    await recordAudit(
      tx,
      actor,
      {
        action: disabled ? 'staff.disable' : 'staff.enable',
        targetType: 'staff',
        target: before.email,
        before: { state: staffAccountState(before) },
        after: {
          state: staffAccountState(after!),
          ...(setupLinkVoided ? { setupLinkVoided } : {}),
        },
      },
      now,
    );
    return accountOf(after!);
  });
}

/**
 * A new setup link for a staff member who lost their phone or password: the
 * password and the TOTP secret are cleared and the sessions end, so only the
 * new link brings the account back. Not for one's own account.
 */
export async function newStaffSetupLink(
  db: Database,
  actor: AuditActor,
  id: number,
  now: Date,
  config: SetupLinkOptions,
): Promise<(IssuedSetupLink & { account: StaffAccount }) | undefined> {
  return db.transaction(async (tx) => {
    const before = await lockedAccount(tx, id);
    if (before === undefined) return undefined;
    refuseSelf(actor, id, 'account', 'You cannot reset your own account: ask another admin');
    const [after] = await tx
      .update(staffAccounts)
      .set({ passwordHash: null, totpSecret: null, totpLastStep: null })
      .where(eq(staffAccounts.id, id))
      .returning(accountColumns);
    await endAllStaffSessions(tx, id, now);
    const link = await issueSetupLink(tx, id, now, linkOptions(config));
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.new-setup-link',
        targetType: 'staff',
        target: before.email,
        reason: 'password and code cleared; a new setup link was handed over',
        before: { state: staffAccountState(before) },
        after: { state: staffAccountState(after!) },
      },
      now,
    );
    return { account: accountOf(after!), ...link };
  });
}

/**
 * Ends an account's login backoff (someone kept failing at its email): its
 * failed-login counter and its staff device cookies' counters go. Audited as
 * `staff.unlock-login` with what was cleared; an account without failed
 * logins is no change and writes nothing. Answers undefined for no such
 * account.
 */
export async function unlockStaffLogin(
  db: Database,
  actor: AuditActor,
  id: number,
  now: Date,
): Promise<StaffAccountListItem | undefined> {
  return db.transaction(async (tx) => {
    const account = await lockedAccount(tx, id);
    if (account === undefined) return undefined;
    const cleared = await clearStaffLoginFailures(tx, account.email);
    if (cleared.failedLogins > 0 || cleared.deviceCounters > 0) {
      await recordAudit(
        tx,
        actor,
        {
          action: 'staff.unlock-login',
          targetType: 'staff',
          target: account.email,
          before: cleared,
          after: { failedLogins: 0, loginBlockedUntil: null, deviceCounters: 0 },
        },
        now,
      );
    }
    return { ...accountOf(account), failedLogins: 0, loginBlockedUntil: null };
  });
}
