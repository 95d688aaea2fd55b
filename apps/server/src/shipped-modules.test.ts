import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
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
});
