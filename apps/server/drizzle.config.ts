import { defineConfig } from 'drizzle-kit';

// Module schema files are listed directly so drizzle-kit needs no import resolution.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/*/schema.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
