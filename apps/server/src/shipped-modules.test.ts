import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * What the build ships (tsconfig.build.json): every module of `src` except
 * the tests, `testing/` (their helpers) and `security/` (the security suites
 * and their data). A test helper beside the modules, or a shipped module that
 * imports one, would put test code into `dist`.
 */
const src = fileURLToPath(new URL('.', import.meta.url));

function modulesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return modulesUnder(path);
    return entry.name.endsWith('.ts') ? [relative(src, path)] : [];
  });
}

const shipped = modulesUnder(src).filter(
  (path) =>
    !path.endsWith('.test.ts') && !path.startsWith('testing/') && !path.startsWith('security/'),
);

/** The modules the build really compiles into `dist`: tsconfig.build.json's own file list. */
function builtModules(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(src, '../tsconfig.build.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (config === undefined) throw new Error('tsconfig.build.json cannot be read');
  return config.fileNames.map((path) => relative(src, path));
}

/**
 * A test double by its name or what it exports (a fake voucher provider, a
 * stub or mock of a dependency): it belongs under src/testing, never in `dist`.
 */
function testDoubles(paths: string[], textOf: (path: string) => string): string[] {
  return paths.filter(
    (path) =>
      /(^|\/)(fake|stub|mock|spy|double)[-.][^/]*$/i.test(path) ||
      /export\s+(?:class|function|const)\s+(?:Fake|Stub|Mock|Spy)[A-Z]/.test(textOf(path)),
  );
}

describe('the modules the build ships', () => {
  it('are found', () => {
    expect(shipped).toContain('app.ts');
  });

  it('hold no test helper: helpers live under src/testing', () => {
    expect(shipped.filter((path) => /(^|\/)test-[^/]*\.ts$/.test(path))).toEqual([]);
  });

  it('import nothing from src/testing or src/security', () => {
    const importing = shipped.filter((path) =>
      /from\s+['"][^'"]*\/(testing|security)\//.test(readFileSync(join(src, path), 'utf8')),
    );
    expect(importing).toEqual([]);
  });

  it('are the ones the build compiles (tsconfig.build.json)', () => {
    expect(builtModules().sort()).toEqual([...shipped].sort());
  });

  it('hold no test double: the fake voucher provider and its kind live under src/testing', () => {
    const read = (path: string) => readFileSync(join(src, path), 'utf8');
    expect(testDoubles(builtModules(), read)).toEqual([]);
    // The check finds one where it used to be, by its name or by what it exports.
    expect(testDoubles(['modules/gifts/provider/fake-provider.ts', 'app.ts'], () => '')).toEqual([
      'modules/gifts/provider/fake-provider.ts',
    ]);
    // A double under another name is found by its export (`export class FakeProvider`).
    const renamed = testDoubles(['gifts/provider.ts'], () => read('testing/fake-provider.ts'));
    expect(renamed).toEqual(['gifts/provider.ts']);
  });
});
