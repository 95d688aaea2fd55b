import { fileURLToPath } from 'node:url';
import { buildApp, type App, type BuildAppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { loadContent } from '../modules/content/load-content.js';
import { recordDirectoryStateChanges } from '../modules/agencies/office-state-history.js';
import { loadOffices } from '../modules/offices/load-offices.js';
import { seedBaseRules } from '../modules/earning-rules/rule-book.js';
import { countries } from '../modules/content/schema.js';
import { checkAnswersAgainstDocument } from './documented-answers.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** Two small countries: `gr` (eng default, ell) and right-to-left `ae` (ara default, eng), with their offices. */
export const fixtureContentDir = fileURLToPath(new URL('./fixtures/content', import.meta.url));

/** Defaults for tests: the fixture content and no web build (tests never depend on it). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    // The guest forms' even answer time (GUEST_FORM_ANSWER_MS) would only slow the suite; even-answer.test.ts sets it.
    mail: { ...loadConfig({}).mail, guestFormAnswerMs: 0 },
    // Suites register and enroll many times from one address; the tests of these limits set their own.
    requestLimits: {
      ...loadConfig({}).requestLimits,
      registrationsPerAddress: 100_000,
      enrollRequestsPerAddress: 100_000,
      notifyRequestsPerOffice: 100_000,
    },
    contentDir: fixtureContentDir,
    webDistDir: fileURLToPath(new URL('./no-web-build', import.meta.url)),
    logLevel: 'silent',
    ...overrides,
  };
}

export type TestApp = {
  app: App;
  database: TestDatabase;
  config: Config;
  /** Closes the app, and the database when this test app created it. */
  close(): Promise<void>;
};

export type TestAppOptions = {
  config?: Partial<Config>;
  /** Share a database between apps of one file; by default each test app gets a fresh one with the fixture content. */
  database?: TestDatabase;
  /** Runs before `ready()`: register test pages or routes here. */
  setup?: (app: App) => void | Promise<void>;
} & Pick<
  BuildAppOptions,
  'contentRevalidateMs' | 'now' | 'logger' | 'logStream' | 'backgroundJobs'
>;

/**
 * The app on a real database, for `app.inject`. One per test file:
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await createTestApp(); });
 *   afterAll(() => t.close());
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  if (ownsDatabase) {
    await loadContent(database.db, fixtureContentDir);
    await loadOffices(database.db, fixtureContentDir, {
      recordStateChanges: recordDirectoryStateChanges,
    });
    // As a first start does (server.ts): the base earning rules from SEGMENT_POINTS_BY_COUNTRY.
    const codes = await database.db.select({ code: countries.code }).from(countries);
    await seedBaseRules(
      database.db,
      config.points.segmentPointsByCountry,
      codes.map((row) => row.code),
    );
  }
  const app = await buildApp({
    config,
    db: database.db,
    // A test that reads the log gets the server's own logger, writing to its stream.
    logger: options.logStream === undefined ? (options.logger ?? false) : undefined,
    logStream: options.logStream,
    backgroundJobs: options.backgroundJobs,
    contentRevalidateMs: options.contentRevalidateMs,
    now: options.now,
  });
  await options.setup?.(app);
  await app.ready();
  // Every answer of a documented call must be as the OpenAPI document says.
  checkAnswersAgainstDocument(app);
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (ownsDatabase) await database.dispose();
    },
  };
}
