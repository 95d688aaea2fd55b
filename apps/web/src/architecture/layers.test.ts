// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/*
 * The layers of the web app and the ban on import circles are rules of the
 * repository's ESLint configuration (eslint.config.js). Each case lints a
 * small snippet as if it were a file at a real path of the app.
 */
const repositoryRoot = new URL('../../../../', import.meta.url).pathname;

const eslint = new ESLint({
  cwd: repositoryRoot,
  // The circle's fixtures are left out of the lint run; here they are linted on purpose.
  ignore: false,
  ruleFilter: ({ ruleId }) => ruleId.startsWith('boundaries/') || ruleId.startsWith('import-x/'),
  // Snippets are not files of a TypeScript project: parse them without type information.
  overrideConfig: { languageOptions: { parserOptions: { project: null, projectService: false } } },
});

async function lintAt(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: `${repositoryRoot}apps/web/src/${path}`,
  });
  return (result?.messages ?? []).map(
    (message) => `${message.ruleId ?? 'parser'}: ${message.message}`,
  );
}

const importing = (specifier: string, name: string) =>
  `import { ${name} } from '${specifier}';\nexport const probe = ${name};\n`;

describe('the layers of the web app', () => {
  it('let a feature import its own files, shared/ and lib/', async () => {
    expect(
      await lintAt(
        'features/points/probe.ts',
        importing('./points-screens', 'pointsScreens') +
          importing('../../shared/paths', 'pagePath').replace('probe', 'second') +
          importing('../../lib/client-storage', 'readStoredValue').replace('probe', 'third'),
      ),
    ).toEqual([]);
  });

  it('let app/ import features', async () => {
    expect(
      await lintAt('app/probe.ts', importing('../features/gifts/gifts-screens', 'giftsScreens')),
    ).toEqual([]);
  });

  it('forbid a feature to import another feature', async () => {
    expect(
      await lintAt('features/points/probe.ts', importing('../gifts/gifts-screens', 'giftsScreens')),
    ).toEqual([
      'boundaries/dependencies: A feature never imports another feature: move what they share to shared/.',
    ]);
  });

  it('forbid a feature to import app/', async () => {
    expect(
      await lintAt('features/agency/probe.ts', importing('../../app/page-registry', 'screenFor')),
    ).toEqual(['boundaries/dependencies: Features never import app/ (the top layer).']);
  });

  it('forbid shared/ to import app/ or a feature', async () => {
    expect(await lintAt('shared/probe.ts', importing('../app/page-registry', 'screenFor'))).toEqual(
      ['boundaries/dependencies: shared/ imports only shared/, lib/ and the contract.'],
    );
    expect(
      await lintAt(
        'shared/probe.ts',
        importing('../features/agency/agency-screens', 'agencyScreens'),
      ),
    ).toEqual(['boundaries/dependencies: shared/ imports only shared/, lib/ and the contract.']);
  });

  it('forbid lib/ to import shared/', async () => {
    expect(
      await lintAt('lib/probe.ts', importing('../shared/use-dictionary', 'useDictionary')),
    ).toEqual(['boundaries/dependencies: lib/ imports only lib/ and the contract.']);
  });

  it('let only tests and test helpers import src/testing/', async () => {
    const helper = importing('../../testing/render-screen', 'renderScreen');
    expect(await lintAt('features/points/probe.ts', helper)).toEqual([
      'boundaries/dependencies: Only tests and test helpers import src/testing/.',
    ]);
    expect(await lintAt('features/points/probe.test.ts', helper)).toEqual([]);
    expect(await lintAt('features/points/testing/probe.ts', helper)).toEqual([]);
  });
});

describe('import circles in the web app', () => {
  it('are an error', async () => {
    expect(
      await lintAt(
        'architecture/fixtures/cycle-a.ts',
        importing('./cycle-b', 'b').replace('probe', 'a'),
      ),
    ).toEqual(['import-x/no-cycle: Dependency cycle detected']);
  });

  it('are not found where imports go one way', async () => {
    expect(await lintAt('lib/probe.ts', importing('./client-storage', 'readStoredValue'))).toEqual(
      [],
    );
  });
});
