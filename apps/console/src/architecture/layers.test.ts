// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/*
 * The console's layers are rules of the repository's ESLint configuration
 * (eslint.config.js), the same as the web app's: app/ above the areas in
 * features/, which never import each other, above lib/. Each case lints a
 * small snippet as if it were a file at a real path of the console.
 */
const repositoryRoot = new URL('../../../../', import.meta.url).pathname;

const eslint = new ESLint({
  cwd: repositoryRoot,
  ruleFilter: ({ ruleId }) => ruleId.startsWith('boundaries/'),
  // Snippets are not files of a TypeScript project: parse them without type information.
  overrideConfig: { languageOptions: { parserOptions: { project: null, projectService: false } } },
});

async function lintAt(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: `${repositoryRoot}apps/console/src/${path}`,
  });
  return (result?.messages ?? []).map(
    (message) => `${message.ruleId ?? 'parser'}: ${message.message}`,
  );
}

const importing = (specifier: string, name: string) =>
  `import { ${name} } from '${specifier}';\nexport const probe = ${name};\n`;

describe('the layers of the staff console', () => {
  it('let an area import its own files and lib/, and app/ import the areas', async () => {
    expect(
      await lintAt(
        'features/orders/probe.ts',
        importing('./orders-area', 'ordersArea') +
          importing('../../lib/staff-api', 'staffCall').replace('probe', 'second'),
      ),
    ).toEqual([]);
    expect(
      await lintAt('app/probe.ts', importing('../features/claims/claims-area', 'claimsArea')),
    ).toEqual([]);
  });

  it('forbid an area to import another area', async () => {
    expect(
      await lintAt('features/orders/probe.ts', importing('../members/members-area', 'membersArea')),
    ).toEqual([
      'boundaries/dependencies: A console area never imports another area: move what they share to lib/.',
    ]);
  });

  it('forbid an area to import app/, except in its tests, which may render the whole console', async () => {
    const app = importing('../../app/app', 'App');
    expect(await lintAt('features/orders/probe.ts', app)).toEqual([
      'boundaries/dependencies: Features never import app/ (the top layer).',
    ]);
    expect(await lintAt('features/orders/probe.test.tsx', app)).toEqual([]);
  });

  it('forbid lib/ to import an area, or app/ outside its tests', async () => {
    expect(
      await lintAt('lib/probe.ts', importing('../features/orders/orders-area', 'ordersArea')),
    ).toEqual(['boundaries/dependencies: lib/ imports only lib/ and the contract.']);
    expect(await lintAt('lib/probe.ts', importing('../app/app', 'App'))).toEqual([
      'boundaries/dependencies: lib/ imports only lib/ and the contract.',
    ]);
    // Its tests may render the whole console around what they test.
    expect(await lintAt('lib/probe.test.tsx', importing('../app/app', 'App'))).toEqual([]);
  });

  it('let only tests and test helpers import src/testing/', async () => {
    const helper = importing('../../testing/signed-in', 'SignedInAs');
    expect(await lintAt('features/orders/probe.ts', helper)).toEqual([
      'boundaries/dependencies: Only tests and test helpers import src/testing/.',
    ]);
    expect(await lintAt('features/orders/probe.test.tsx', helper)).toEqual([]);
  });
});
