import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const hint = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks of the first script (the entry and what it imports
 * statically) for eager compilation (V8's explicit compile hints): the
 * browser compiles them while they download, off the main thread, instead of
 * function by function on it during the first evaluation. Lazy chunks stay
 * lazy: much of their code does not run when they load.
 */
export function compileHints(): Plugin {
  return {
    name: 'club:compile-hints',
    apply: 'build',
    enforce: 'post',
    // After writing: the build's own last step prepends the lazy chunks'
    // file list to the entry, and the hint must be the file's first line.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || initial.has(fileName)) return;
        initial.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      for (const fileName of initial) {
        const path = join(dir, fileName);
        const code = readFileSync(path, 'utf8');
        if (code.startsWith(hint)) continue;
        writeFileSync(path, hint + code);
        // One line more at the top: every mapping moves down a line.
        const mapPath = `${path}.map`;
        if (!existsSync(mapPath)) continue;
        const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { mappings: string };
        writeFileSync(mapPath, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
      }
    },
  };
}
