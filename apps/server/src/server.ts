import { ConfigError, loadConfig, type Config } from './config.js';
import { recordDirectoryStateChanges } from './modules/agencies/office-state-history.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { DataDirInUse } from './db/data-dir-owner.js';
import { serveStaffCommands } from './staff-commands/command-channel.js';
import { loadContent } from './modules/content/load-content.js';
import { countries } from './modules/content/schema.js';
import { loadOffices } from './modules/offices/load-offices.js';
import { markMembersOfDirectOffices } from './modules/agents/direct-access.js';
import { offices } from './modules/offices/schema.js';
import { agents } from './modules/agents/schema.js';
import { dayOf } from './modules/points/calendar-days.js';
import { seedBaseRules } from './modules/earning-rules/rule-book.js';
import { loadDemo } from './demo/load-demo.js';
import { createDemoStaff } from './modules/staff/demo-staff.js';
import { loadGifts } from './modules/gifts/catalogue/load-gifts.js';
import { gifts } from './modules/gifts/schema.js';
import { shutDown } from './shutdown.js';

/** Start-up only: configuration, database, migrations, demo content and offices on an empty database, listen. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => console.error('database connection error:', error.message),
    answerTimeoutMs: config.databaseAnswerTimeoutMs,
    onAnsweringChange: (answering, reason) =>
      console.error(
        answering ? `database: ${reason}` : `database does not answer, failing fast: ${reason}`,
      ),
  }).catch((error: unknown) => {
    if (!(error instanceof DataDirInUse)) throw error;
    console.error(
      `${error.message} Not started: stop that process first, or run several servers on PostgreSQL (DATABASE_URL).`,
    );
    process.exit(1);
  });
  const app = await buildApp({ config, db: database.db, backgroundJobs: true });
  // A fatal error is written to the log too, after the request lines still
  // buffered (pino writes its buffer when the process exits), then the process ends.
  process.once('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception: exiting');
    process.exit(1);
  });
  let staffCommands: Awaited<ReturnType<typeof serveStaffCommands>>;
  try {
    await database.migrate();
    const [anyCountry] = await database.db
      .select({ code: countries.code })
      .from(countries)
      .limit(1);
    if (anyCountry === undefined) {
      const summary = await loadContent(database.db, config.contentDir);
      app.log.info({ countries: summary.countries }, 'demo content loaded into the empty database');
    }
    const [anyOffice] = await database.db
      .select({ officeId: offices.officeId })
      .from(offices)
      .limit(1);
    if (anyOffice === undefined) {
      const summary = await loadOffices(database.db, config.contentDir, {
        onTurnedDirect: markMembersOfDirectOffices,
        recordStateChanges: recordDirectoryStateChanges,
      });
      app.log.info({ offices: summary.offices }, 'demo offices loaded into the empty directory');
    }
    const [anyGift] = await database.db.select({ id: gifts.id }).from(gifts).limit(1);
    if (anyGift === undefined) {
      const summary = await loadGifts(database.db, config.contentDir);
      app.log.info(
        { gifts: summary.gifts },
        'demo gifts catalogue loaded into the empty catalogue',
      );
    }
    // First start: SEGMENT_POINTS_BY_COUNTRY seeds the base earning rules, then staff own them.
    const countryCodes = (await database.db.select({ code: countries.code }).from(countries)).map(
      (row) => row.code,
    );
    const seeded = await seedBaseRules(
      database.db,
      config.points.segmentPointsByCountry,
      countryCodes,
    );
    if (seeded > 0) app.log.info({ countries: seeded }, 'base earning rules seeded');
    const [anyMember] = await database.db.select({ id: agents.id }).from(agents).limit(1);
    if (anyMember === undefined && !config.production) {
      const summary = await loadDemo(database.db, config.contentDir, {
        today: dayOf(Date.now()),
      });
      if (summary !== null) app.log.info(summary, 'demo members, bookings and points loaded');
    }
    if (!config.production) {
      const created = await createDemoStaff(database.db, config.staff.totpSecretKey);
      if (created > 0) app.log.info({ staff: created }, 'demo staff accounts created (README)');
    }
    await app.listen({ port: config.port, host: config.host });
    // The embedded database's one writer takes the staff commands' work (docs/operations.md).
    staffCommands =
      database.kind === 'embedded'
        ? await serveStaffCommands({
            dataDir: config.dataDir,
            db: database.db,
            config,
            log: app.log,
          })
        : undefined;
  } catch (error) {
    app.log.fatal({ err: error }, 'start-up failed');
    await app.close();
    await database.close();
    process.exit(1);
  }

  const stop = async (signal: string) => {
    app.log.info({ graceMs: config.shutdownGraceMs }, `${signal}: closing`);
    await shutDown(app, database, config.shutdownGraceMs, staffCommands);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

await main();
