// The size budget (issue 18, ADR 0029): for every public route of apps/web/src/app/routes.tsx
// (those a signed-out visitor sees, and the landing route), the gzipped JavaScript it loads
// before it renders: the entry chunk, the route's lazy chunks and their static imports, from
// Vite's manifest. Fails above 100 KB, or when a public route's first chunks hold zod (its own
// chunk, vite.config.ts: the forms' validation, never needed to show a public page). The build
// renders with Preact's React API (apps/web/src/renderer), without which React alone took 62 KB.
// Signed-in routes are printed for information.
//
//   npm run build && npm run size        apps/web/dist
//   npm run size -- --dist <dir>         another build
import path from 'node:path';
import {
  gzipKb,
  initialFiles,
  isPublic,
  readManifest,
  readRoutes,
  webRoot,
} from './route-chunks.mjs';

/** Issue 18's budget: every public route must stay under it. */
const BUDGET_KB = 100;
const args = process.argv.slice(2);
const distArg = args.indexOf('--dist');
const dist = distArg >= 0 ? path.resolve(args[distArg + 1] ?? '') : path.join(webRoot, 'dist');
const manifest = readManifest(dist);
const zodFile = Object.values(manifest).find((chunk) => /(^|\/)zod-[^/]*\.js$/.test(chunk.file));
if (!zodFile)
  throw new Error('no zod chunk in the manifest: is its group still in vite.config.ts?');

const measured = readRoutes().map((route) => {
  const files = initialFiles(manifest, route);
  const kb = files.reduce((sum, file) => sum + gzipKb(dist, file), 0);
  return { route, files, kb, zod: files.includes(zodFile.file) };
});

/** @type {string[]} */
const failures = [];
const line = (/** @type {(typeof measured)[number]} */ row) =>
  `${row.kb.toFixed(1).padStart(7)} KB  ${String(row.files.length).padStart(2)} files  #${row.route.path}` +
  (row.zod ? '  (zod)' : '');

console.log(`Public routes: JavaScript before the first render, gzip (budget ${BUDGET_KB} KB)`);
for (const row of measured.filter((r) => isPublic(r.route))) {
  console.log(line(row));
  if (row.kb > BUDGET_KB) failures.push(`#${row.route.path}: ${row.kb.toFixed(1)} KB`);
  if (row.zod) failures.push(`#${row.route.path} loads zod (${zodFile.file}) before it renders`);
}
console.log('\nSigned-in routes, for information (no budget)');
for (const row of measured.filter((r) => !isPublic(r.route))) console.log(line(row));

const landing = measured.find((row) => row.route.path === '/home/dashboard');
if (landing) {
  console.log(`\nInitial JavaScript of the landing route: ${landing.kb.toFixed(1)} KB gzip`);
}
if (failures.length > 0) {
  console.error(`\nOver the ${BUDGET_KB} KB budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
