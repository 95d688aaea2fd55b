// Checks the drift between the docs and the code that can be checked:
// - every relative link of a Markdown file leads to a file or folder that exists;
// - a link to a decision record names the record's own number ("[026](026-…)");
// - the figures the docs quote from the code: the bundle budgets, and the
//   defaults of the server's environment variables in the configuration tables.
// Run by `npm run docs:check` (the lint tier of `npm test`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { initialRatioBudget, lazyChunkBudget } from '../bench/bundle-size.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const root = resolve(import.meta.dirname, '..');

/** The Markdown files git knows, outside dependencies. */
function markdownFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => file !== '' && !file.includes('node_modules/'))
    .filter((file) => existsSync(join(root, file)));
}

type Problem = { file: string; line: number; message: string };

/** Markdown links `[text](target)`, outside code spans and fenced blocks. */
function* linksOf(text: string): Generator<{ line: number; label: string; target: string }> {
  let fenced = false;
  for (const [index, raw] of text.split('\n').entries()) {
    if (/^\s*```/.test(raw)) fenced = !fenced;
    if (fenced) continue;
    const line = raw.replace(/`[^`]*`/g, '');
    for (const match of line.matchAll(/\[([^\]]*)\]\(([^)\s]+)\)/g))
      yield { line: index + 1, label: match[1] ?? '', target: match[2] ?? '' };
  }
}

export function checkLinks(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  for (const { line, label, target } of linksOf(text)) {
    if (/^[a-z]+:/i.test(target) || target.startsWith('#') || target.startsWith('//')) continue;
    const path = decodeURIComponent(target.split('#')[0] ?? '');
    if (path === '') continue;
    const full = resolve(dirname(join(root, file)), path);
    if (!existsSync(full)) problems.push({ file, line, message: `link to a missing ${path}` });
    const record = /(?:^|\/)(\d{3})-[^/]*\.md$/.exec(path);
    const named = /^(?:decision\s+)?(\d{3})$/i.exec(label.trim());
    if (record && named && record[1] !== named[1])
      problems.push({
        file,
        line,
        message: `link named ${named[1]} leads to decision ${record[1]}`,
      });
  }
  return problems;
}

/** The bundle budgets as docs/testing.md quotes them. */
export function checkBudgets(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    for (const match of line.matchAll(/initial JS ≤ ([\d.]+) ×/g))
      if (Number(match[1]) !== initialRatioBudget)
        problems.push({
          file,
          line: index + 1,
          message: `says the initial JS budget is ${match[1]} x; the code says ${initialRatioBudget}`,
        });
    for (const match of line.matchAll(/lazy chunks ≤ (\d+) kB/g))
      if (Number(match[1]) * 1024 !== lazyChunkBudget)
        problems.push({
          file,
          line: index + 1,
          message: `says lazy chunks may be ${match[1]} kB; the code says ${lazyChunkBudget / 1024}`,
        });
  }
  return problems;
}

/** A configuration-table row's names and defaults: `` | `A`, `B` | `1`, `2` | … ``. */
const configRow = /^\|\s*((?:`[A-Z][A-Z0-9_]*`(?:,\s*)?)+)\s*\|\s*([^|]*?)\s*\|/;

/**
 * The defaults a configuration table gives its variables: each literal
 * default, set explicitly, must give the configuration the code gives
 * without it (a wrong default changes it). "(none)" and values with
 * placeholders are not literal.
 */
export function checkConfigDefaults(
  file: string,
  text: string,
  load: (env: Record<string, string>) => unknown = loadConfig,
): Problem[] {
  const problems: Problem[] = [];
  const defaults = load({});
  const configured = new Set(Object.keys(defaultsEnvironment()));
  for (const [index, line] of text.split('\n').entries()) {
    const row = configRow.exec(line);
    if (row === null) continue;
    const names = [...(row[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!);
    const values = [...(row[2] ?? '').matchAll(/`([^`]*)`|\(none\)/g)].map((match) => match[1]);
    if (names.length !== values.length) continue;
    names.forEach((name, position) => {
      const value = values[position];
      if (!configured.has(name) || value === undefined || value.includes('{')) return;
      let withValue: unknown;
      try {
        withValue = load({ [name]: value });
      } catch {
        withValue = undefined;
      }
      if (!isDeepStrictEqual(withValue, defaults))
        problems.push({
          file,
          line: index + 1,
          message: `says ${name} defaults to ${value}; the code's default differs`,
        });
    });
  }
  return problems;
}

/** The environment variables the server reads (config.ts), as a set of names. */
function defaultsEnvironment(): Record<string, true> {
  return Object.fromEntries(environmentNames.map((name) => [name, true]));
}
const environmentNames = [
  ...readFileSync(join(root, 'apps/server/src/config.ts'), 'utf8').matchAll(
    /^\s{2}([A-Z][A-Z0-9_]*): /gm,
  ),
].map((match) => match[1]!);

if (process.argv[1] === import.meta.filename) {
  const problems = markdownFiles().flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    return [
      ...checkLinks(file, text),
      ...checkBudgets(file, text),
      ...checkConfigDefaults(file, text),
    ];
  });
  for (const { file, line, message } of problems) console.error(`${file}:${line}: ${message}`);
  if (problems.length > 0) {
    console.error(`${problems.length} place(s) in the docs disagree with the code`);
    process.exit(1);
  }
  console.log(
    'docs: every relative link resolves; decision numbers, budgets and configuration defaults agree',
  );
}
