/**
 * The size of what the browser loads, measured from the built web app: the
 * initial JS of the guest home (the entry and its module preloads, gzip)
 * against a React 19 hello world built by the same Vite and plugin, and every
 * lazy chunk. Used by `npm run bench` (figures) and by `npm test` through
 * bench/check-bundle-size.ts (the budgets of decision 004).
 */
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipBytes } from './lib.ts';

/** Initial JS at most this many times the hello world's (issue 19; decision 030). */
export const initialRatioBudget = 1.3;
/** Each lazy chunk of the web app and of the staff console at most this many bytes (gzip). */
export const lazyChunkBudget = 30 * 1024;

export type Chunk = { file: string; bytes: number };

export type BundleSizes = {
  helloBytes: number;
  initialBytes: number;
  /** Lazy chunks of the web app, largest first. */
  lazy: Chunk[];
  /** Lazy chunks of the staff console (apps/console/dist), largest first. */
  consoleLazy: Chunk[];
};

export async function measureBundle(root: string): Promise<BundleSizes> {
  const outDir = mkdtempSync(join(tmpdir(), 'club-hello-'));
  try {
    await build({
      root: join(root, 'bench/react-hello'),
      logLevel: 'warn',
      configFile: false,
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    });
    const helloBytes = initialJsBytes(outDir);
    const webDist = join(root, 'apps/web/dist');
    return {
      helloBytes,
      initialBytes: initialJsBytes(webDist),
      lazy: lazyChunks(webDist),
      consoleLazy: lazyChunks(join(root, 'apps/console/dist')),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Every script of a build that its index.html does not load up front, largest first. */
function lazyChunks(dist: string): Chunk[] {
  const initial = new Set(initialScripts(dist));
  return readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith('.js') && !initial.has(`assets/${file}`))
    .map((file) => ({ file, bytes: gzipBytes(readFileSync(join(dist, 'assets', file))) }))
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * The scripts index.html loads before anything else: its module entry and
 * module preloads, as paths inside the build (the console's are under /staff/).
 */
function initialScripts(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const inBuild = (src: string) => src.replace(/^\/(?:staff\/)?/, '');
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => inBuild(m[1]!));
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
    (m) => inBuild(m[1]!),
  );
  return [...sources, ...preloads];
}

function initialJsBytes(dist: string): number {
  return initialScripts(dist).reduce(
    (sum, file) => sum + gzipBytes(readFileSync(join(dist, file))),
    0,
  );
}

/**
 * Screens that must paint without the schema library, and for display screens
 * without the form library too: evaluating them is the longest task of a
 * form screen's first load (Lighthouse's total blocking time). The screens
 * that only show their page answer need neither; the login form loads its
 * rules when it first validates (`loadedOnFirstCall`, contract/loaded-on-first-call.ts).
 */
export const lightScreens: Record<string, readonly string[]> = {
  'src/features/content/components/guest-home.tsx': ['zod', 'form'],
  'src/features/content/components/faq-screen.tsx': ['zod', 'form'],
  'src/features/points/home/member-home.tsx': ['zod', 'form'],
  'src/features/gifts/gift-list/gifts-screen.tsx': ['zod', 'form'],
  'src/features/membership/login/login-screen.tsx': ['zod'],
};

/**
 * What the guest home's first script must not contain (issue 19): the
 * charts, the message formatter and the staff console, each a lazy chunk
 * (or another build) loaded only where it is shown.
 */
export const notInFirstScript: Record<string, RegExp> = {
  charts: /\/src\/features\/points\/charts\//,
  'the message formatter':
    /\/contract\/src\/message-format\.ts$|node_modules\/(?:intl-messageformat|@formatjs)\//,
  'the staff console': /\/apps\/console\//,
};

/** What of `notInFirstScript` the first script holds, read from its source maps. */
export function firstScriptIntruders(root: string): string[] {
  const dist = join(root, 'apps/web/dist');
  const sources = initialScripts(dist).flatMap((file) => {
    // The bundler's own runtime chunk comes without a source map: it holds none of our sources.
    const mapFile = join(dist, `${file}.map`);
    if (!existsSync(mapFile)) return [];
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    return map.sources;
  });
  return Object.entries(notInFirstScript)
    .filter(([, pattern]) => sources.some((source) => pattern.test(source)))
    .map(([what]) => what);
}

type ManifestChunk = { file: string; name?: string; imports?: string[] };

/** Each light screen that loads a library chunk it must not (chunk groups of apps/web/vite.config.ts). */
export function heavyLightScreens(root: string): string[] {
  const manifest = JSON.parse(
    readFileSync(join(root, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const problems: string[] = [];
  for (const [screen, forbidden] of Object.entries(lightScreens)) {
    if (manifest[screen] === undefined) {
      problems.push(`${screen} is not a chunk of the build`);
      continue;
    }
    const reached = new Set<string>();
    const visit = (key: string) => {
      if (reached.has(key)) return;
      reached.add(key);
      for (const next of manifest[key]?.imports ?? []) visit(next);
    };
    visit(screen);
    const libraries = [...reached]
      .map((key) => manifest[key]?.name)
      .filter((name): name is string => name !== undefined && forbidden.includes(name));
    if (libraries.length > 0) problems.push(`${screen} loads ${libraries.join(' and ')}`);
  }
  return problems;
}
