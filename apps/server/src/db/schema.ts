/** The one database schema: every module's tables. drizzle.config.ts reads the module files directly. */
export * from '../modules/content/schema.js';
export * from '../modules/offices/schema.js';
export * from '../modules/agents/schema.js';
export * from '../modules/limits/schema.js';
export * from '../modules/mail/schema.js';
export * from '../modules/points/schema.js';
export * from '../modules/gifts/schema.js';
export * from '../modules/agencies/schema.js';
export * from '../modules/audit/schema.js';
export * from '../modules/staff/schema.js';
export * from '../modules/member-actions/schema.js';
export * from '../modules/reports/schema.js';
export * from '../modules/claims/schema.js';
export * from '../modules/earning-rules/schema.js';
