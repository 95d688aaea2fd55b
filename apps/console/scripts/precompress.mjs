// Writes brotli and gzip copies beside each compressible file of the build, so
// the server sends them without compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
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
