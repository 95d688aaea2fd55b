// Writes brotli and gzip copies beside each compressible file of a build (the
// folder given, run from a workspace: its `dist`), so the server sends them
// without compressing on every request. The web app and the staff console both use it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|css|svg|json|txt|map)$/;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (compressible.test(name) && !name.endsWith('.map')) compress(path);
  }
}

function compress(path) {
  const source = readFileSync(path);
  if (source.length < 1024) return;
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

walk(dist);
