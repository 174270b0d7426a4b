// Prints the gzipped size of the JavaScript the landing route loads first (the entry chunk,
// the dashboard's lazy chunk and their static imports, from Vite's manifest), and fails above
// the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => key === 'index.html');
if (!entryKey) throw new Error('no index.html entry in the Vite manifest');

/** @type {Set<string>} */
const initial = new Set();
/** @param {string} key */
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect(entryKey);
// The landing route (#/home/dashboard) also needs its own lazy chunk before it shows anything.
for (const key of ['src/features/home/home-layout.tsx', 'src/features/home/dashboard-page.tsx']) {
  collect(key);
}

const gzipKb = (/** @type {string} */ file) =>
  gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const rows = [...initial].map((file) => ({ file, kb: gzipKb(file) }));
const total = rows.reduce((sum, row) => sum + row.kb, 0);
const lazy = Object.values(manifest)
  .filter((chunk) => chunk.file.endsWith('.js') && !initial.has(chunk.file))
  .map((chunk) => ({ file: chunk.file, kb: gzipKb(chunk.file) }));

for (const row of rows) console.log(`initial  ${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`);
for (const row of lazy) console.log(`on demand ${row.kb.toFixed(1).padStart(6)} KB  ${row.file}`);
console.log(
  `Initial JavaScript of the landing route: ${total.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`,
);
if (total > BUDGET_KB) {
  console.error('Over budget.');
  process.exit(1);
}
