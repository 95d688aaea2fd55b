/** The one database schema: every module's tables. drizzle.config.ts reads the module files directly. */
export * from '../modules/content/schema.js';
