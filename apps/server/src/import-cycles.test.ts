import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('.', import.meta.url));
const repository = resolve(src, '../../..');
const fixtures = join(src, 'testing/fixtures/import-cycle');

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path === fixtures ? [] : sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of a file (type-only ones too), as the path of the imported source. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s+['"](\.{1,2}\/[^'"]+)\.js['"]/g)].map((match) =>
    resolve(dirname(file), `${match[1]}.ts`),
  );
}

/** The first cycle found in the graph, as the files that make it, or undefined. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    const open = path.indexOf(file);
    if (open !== -1) return path.slice(open);
    if (done.has(file)) return undefined;
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle !== undefined) return cycle;
    }
    path.pop();
    done.add(file);
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

describe('the import graph of the server', () => {
  it('has no cycle, not even through type-only imports', () => {
    const graph = new Map(sourcesUnder(src).map((file) => [file, importsOf(file)]));
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycle(graph)?.map((file) => relative(src, file))).toBeUndefined();
  });

  it('would show a cycle: the check finds the fixture', () => {
    const files = [join(fixtures, 'first.ts'), join(fixtures, 'second.ts')];
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect(findCycle(graph)?.map((file) => relative(fixtures, file))).toEqual([
      'first.ts',
      'second.ts',
    ]);
  });

  it('runs one way between modules that serve each other: the lower one never imports the higher', () => {
    const modules = join(src, 'modules');
    // Lower → higher: the higher one gives the lower what it needs through a port of the lower one.
    const below = [
      ['agents', 'account-links'],
      ['offices', 'agencies'],
      ['points', 'gifts'],
    ];
    const upward = sourcesUnder(modules)
      .filter((file) => !file.endsWith('.test.ts'))
      .flatMap((file) =>
        importsOf(file).map(
          (imported) => `${relative(modules, file)} -> ${relative(modules, imported)}`,
        ),
      )
      .filter((edge) =>
        below.some(([low, high]) => edge.startsWith(`${low}/`) && edge.includes(` -> ${high}/`)),
      );
    expect(upward).toEqual([]);
  });

  it('has no two modules that import each other, in any of their files', () => {
    const modules = join(src, 'modules');
    const moduleOf = (file: string) => relative(modules, file).split('/')[0];
    const edges = new Set(
      sourcesUnder(modules)
        .filter((file) => !file.endsWith('.test.ts'))
        .flatMap((file) =>
          importsOf(file)
            .filter((imported) => imported.startsWith(modules))
            .map((imported) => `${moduleOf(file)} -> ${moduleOf(imported)}`),
        )
        .filter((edge) => !/^(.+) -> \1$/.test(edge)),
    );
    const twoWay = [...edges].filter((edge) =>
      edges.has(edge.split(' -> ').reverse().join(' -> ')),
    );
    expect(twoWay).toEqual([]);
  });

  it('fails the lint when it has one (import-x/no-cycle in eslint.config.js)', async () => {
    // The fixture is ignored by `npm run lint` (it is a cycle on purpose); here it is linted.
    const eslint = new ESLint({ cwd: repository, ignore: false });
    const [result] = await eslint.lintFiles([join(fixtures, 'first.ts')]);
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    // Type-aware linting starts a TypeScript program: slow on a busy machine.
  }, 120_000);
});
