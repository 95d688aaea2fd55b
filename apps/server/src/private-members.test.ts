import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('.', import.meta.url));
const repository = resolve(src, '../../..');
const example = join(src, 'testing/fixtures/private-members/reaches-in.ts');

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
