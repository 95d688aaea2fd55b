import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('.', import.meta.url));
const repository = resolve(src, '../../..');
const example = join(src, 'testing/fixtures/private-members/reaches-in.ts');

/**
 * Product code as it must never be written: each line reaches into a
 * dependency's private members. Written for the test and removed after it,
 * so the repository holds no such file.
 */
const exampleText = `// Product code as it must never be written: each line reaches into a dependency's private members.
// Ignored by \`npm run lint\`; apps/server/src/private-members.test.ts lints it and expects a refusal per line.
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.js';

export function reachesIn(db: Database, client: PGlite, statement: SQL): unknown[] {
  const { dialect } = db as unknown as { dialect: PgDialect };
  const walked = statement as unknown as { shouldInlineParams: boolean };
  return [
    dialect,
    walked,
    statement.queryChunks,
    sql\`select 1\`.buildQueryFromSourceParams([], {} as never),
    client._runExclusiveQuery(() => Promise.resolve()),
    db._.session,
    (db as unknown as Record<string, unknown>)['$client'],
  ];
}
`;

beforeAll(() => {
  mkdirSync(dirname(example), { recursive: true });
  writeFileSync(example, exampleText);
});
afterAll(() => rmSync(dirname(example), { recursive: true, force: true }));

/**
 * Product code reaches its dependencies through their public APIs only
 * (decision 038): `no-restricted-syntax` in eslint.config.js refuses their
 * private members. `npm run lint` checks the product; here the rule is shown
 * to refuse an example that reaches in, one refusal per reach.
 */
describe("the lint rule against a dependency's private members", () => {
  it('refuses every reach of the example', async () => {
    // The example is ignored by `npm run lint` (it reaches in on purpose); here it is linted.
    const eslint = new ESLint({ cwd: repository, ignore: false });
    const [result] = await eslint.lintFiles([example]);
    const refused = result!.messages
      .filter((message) => message.ruleId === 'no-restricted-syntax')
      .map((message) => message.line);
    // Lines of the example: the two casts, then the five reaches in the list.
    expect(refused).toEqual([9, 10, 14, 15, 16, 17, 18]);
    // Type-aware linting starts a TypeScript program: slow on a busy machine.
  }, 120_000);

  it('holds for the product: the database client lints clean', async () => {
    const eslint = new ESLint({ cwd: repository });
    const results = await eslint.lintFiles([
      join(src, 'db/client.ts'),
      join(src, 'db/embedded-statements.ts'),
    ]);
    const refused = results.flatMap((result) =>
      result.messages.filter((message) => message.ruleId === 'no-restricted-syntax'),
    );
    expect(refused).toEqual([]);
  }, 120_000);
});
