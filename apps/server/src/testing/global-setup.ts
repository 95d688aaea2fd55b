import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrateEmbedded } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database as a data-folder archive; test files open copies of it. */
    embeddedTemplate: string;
    /** Where the first test app of the run writes the OpenAPI document for the others (openapi-conformance.ts). */
    openApiDocumentFile: string;
  }
}

/**
 * Creating an embedded database takes seconds (initdb); opening a copy of a
 * migrated one takes a fraction of that. So the suite makes one, once.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'club-test-template-'));
  const client = await PGlite.create();
  await migrateEmbedded(drizzle({ client }));
  const archive = await client.dumpDataDir('none');
  await client.close();
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await archive.arrayBuffer()));
  project.provide('embeddedTemplate', path);
  project.provide('openApiDocumentFile', join(dir, 'openapi.json'));
  return () => rmSync(dir, { recursive: true, force: true });
}
