/**
 * Whether a staff console screen that only shows its answer loads the schema
 * library with its code (issue 19: evaluating zod and the contract's schemas
 * was the longest task of the member view's first load). Follows the static
 * imports of the screen's built chunk; the forms' rules may load later, by a
 * dynamic import at their first validation. Built files only.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Screens of the console whose first paint needs no schema: their chunk's name. */
export const consoleDisplayScreens = ['members-screen'];

/** zod's own error class: in the code of any chunk that holds the library. */
const zodMarker = '$ZodError';

/** Each display screen of the built console whose static imports reach zod. */
export function heavyConsoleScreens(root: string): string[] {
  const assets = join(root, 'apps/console/dist/assets');
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const problems: string[] = [];
  for (const screen of consoleDisplayScreens) {
    const chunk = files.find((file) => file.startsWith(`${screen}-`));
    if (chunk === undefined) {
      problems.push(`staff console: ${screen} is not a chunk of the build`);
      continue;
    }
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      const code = readFileSync(join(assets, file), 'utf8');
      // Static imports only (`from"./x.js"`, `import"./x.js"`); `import("./x.js")` loads later.
      for (const [, next] of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) {
        if (next !== undefined) visit(next);
      }
    };
    visit(chunk);
    const heavy = [...reached].filter((file) =>
      readFileSync(join(assets, file), 'utf8').includes(zodMarker),
    );
    if (heavy.length > 0)
      problems.push(`staff console: ${screen} loads zod with its code (${heavy.join(', ')})`);
  }
  return problems;
}
