// The size budget (issue 31, ADR 0031; issue 18, ADR 0029 before it): for every route of
// apps/web/src/app/routes.tsx, the gzipped JavaScript a visitor downloads before the route's
// screen shows: the entry chunk, the route's lazy chunks with their static imports (Vite's
// manifest), and the catalogues those modules use, in the visitor's language (each a chunk of its
// own; the heavier language is counted). The build renders with React DOM.
//
// Budgets (fails above them):
//   - public screens a signed-out visitor opens (error, version, ... and #/action): 125 KB;
//     #/verify/:credential, the photo-ID pages on a phone: 130 KB; none loads zod;
//   - each application step, first visit (a fresh tab signed in): 260 KB;
//   - moving from one step to the next, what the next step adds to what the previous one
//     downloaded, with what it fetched once it had shown (lib/on-demand.ts): 30 KB.
// The landing route (`/` leads to #/home/dashboard) and every other signed-in route: a
// visitor with no session is sent to sign in by the page's inline script before any
// JavaScript loads (apps/web/scripts/prerender.mjs); printed for information.
//
//   npm run build && npm run size        apps/web/dist
//   npm run size -- --dist <dir>         another build
import path from 'node:path';
import {
  catalogueFiles,
  gzipKb,
  initialFiles,
  isPublic,
  onChoiceParts,
  prefetchedFiles,
  readManifest,
  readRoutes,
  webRoot,
} from './route-chunks.mjs';

const PUBLIC_BUDGET_KB = 125;
const PHONE_BUDGET_KB = 130;
const STEP_BUDGET_KB = 260;
const NEXT_STEP_BUDGET_KB = 30;
const PHONE_ROUTE = '/verify/:credential';
const STEP_ROUTE = /^\/application\/:applicationId\/(?!promo$)[a-z]+$/;

const args = process.argv.slice(2);
const distArg = args.indexOf('--dist');
const dist = distArg >= 0 ? path.resolve(args[distArg + 1] ?? '') : path.join(webRoot, 'dist');
const manifest = readManifest(dist);
const zodFile = Object.values(manifest).find((chunk) => /(^|\/)zod-[^/]*\.js$/.test(chunk.file));
if (!zodFile)
  throw new Error('no zod chunk in the manifest: is its group still in vite.config.ts?');

/** @type {Map<string, number>} */
const sizes = new Map();
const kbOf = (/** @type {string[]} */ files) =>
  files.reduce((sum, file) => {
    if (!sizes.has(file)) sizes.set(file, gzipKb(dist, file));
    return sum + (sizes.get(file) ?? 0);
  }, 0);

const measured = readRoutes().map((route) => {
  const code = initialFiles(manifest, route);
  // Per language: the code is the same, the catalogues are that language's.
  const [en, fr] = /** @type {const} */ (['en', 'fr']).map((language) => [
    ...code,
    ...catalogueFiles(dist, manifest, code, language),
  ]);
  const heavier = kbOf(fr ?? []) >= kbOf(en ?? []) ? (fr ?? []) : (en ?? []);
  return {
    route,
    files: heavier,
    code,
    kb: kbOf(heavier),
    catalogueKb: kbOf(heavier) - kbOf(code),
    zod: code.includes(zodFile.file),
  };
});

/** @type {string[]} */
const failures = [];
const line = (/** @type {(typeof measured)[number]} */ row) =>
  `${row.kb.toFixed(1).padStart(7)} KB  (catalogues ${row.catalogueKb.toFixed(1).padStart(4)})  ` +
  `${String(row.files.length).padStart(2)} files  #${row.route.path}${row.zod ? '  (zod)' : ''}`;
/** Fails above the budget. @param {string} what @param {number} kb @param {number} budget */
const judge = (what, kb, budget) => {
  if (kb <= budget) return '';
  failures.push(`${what}: ${kb.toFixed(1)} KB > ${budget}`);
  return `  OVER ${budget}`;
};
const check = (/** @type {(typeof measured)[number]} */ row, /** @type {number} */ budget) =>
  console.log(`${line(row)}${judge(`#${row.route.path}`, row.kb, budget)}`);

console.log('Public routes: JavaScript before the screen shows, gzip');
console.log(`(budget ${PUBLIC_BUDGET_KB} KB; #${PHONE_ROUTE} ${PHONE_BUDGET_KB} KB; no zod)`);
for (const row of measured.filter((r) => isPublic(r.route))) {
  check(row, row.route.path === PHONE_ROUTE ? PHONE_BUDGET_KB : PUBLIC_BUDGET_KB);
  if (row.zod) failures.push(`#${row.route.path} loads zod (${zodFile.file}) before it renders`);
}

const steps = measured.filter((r) => STEP_ROUTE.test(r.route.path));
console.log(`\nApplication steps, first visit signed in (budget ${STEP_BUDGET_KB} KB)`);
for (const row of steps) check(row, STEP_BUDGET_KB);

console.log(`\nMoving to the next step: what it downloads (budget ${NEXT_STEP_BUDGET_KB} KB)`);
let largestStep = 0;
for (const [index, row] of steps.entries()) {
  const previous = steps[index - 1];
  if (!previous) continue;
  // What the previous step downloaded, and what it fetched once it had shown.
  const had = new Set([...previous.files, ...prefetchedFiles(dist, manifest, previous.files)]);
  const added = kbOf(row.files.filter((file) => !had.has(file)));
  largestStep = Math.max(largestStep, added);
  const name = (/** @type {string} */ p) => p.split('/').pop();
  const moving = `${name(previous.route.path)} -> ${name(row.route.path)}`;
  const verdict = judge(moving, added, NEXT_STEP_BUDGET_KB);
  console.log(`${added.toFixed(1).padStart(7)} KB  ${moving}${verdict}`);
}

// Not before the screen shows, nor fetched ahead: what a choice on it brings (lib/on-demand.ts).
console.log('\nDownloaded on a choice on the screen, for information (with what it had)');
for (const row of measured) {
  const had = new Set([...row.files, ...prefetchedFiles(dist, manifest, row.files)]);
  for (const { part, files } of onChoiceParts(dist, manifest, row.code)) {
    const withCatalogues = [...files, ...catalogueFiles(dist, manifest, files, 'fr')];
    const added = kbOf(withCatalogues.filter((file) => !had.has(file)));
    const name = path.basename(part).replace(/-[\w-]{8}\.js$/, '');
    console.log(`${added.toFixed(1).padStart(7)} KB  #${row.route.path}: ${name}`);
  }
}

console.log(
  '\nOther signed-in routes, for information (a signed-out visitor goes to sign in first)',
);
for (const row of measured.filter((r) => !isPublic(r.route) && !steps.includes(r))) {
  console.log(line(row));
}

const worst = (/** @type {(typeof measured)} */ rows) => Math.max(...rows.map((row) => row.kb));
console.log(
  `\nLargest: public ${worst(measured.filter((r) => isPublic(r.route) && r.route.path !== PHONE_ROUTE)).toFixed(1)} KB, ` +
    `#${PHONE_ROUTE} ${worst(measured.filter((r) => r.route.path === PHONE_ROUTE)).toFixed(1)} KB, ` +
    `step ${worst(steps).toFixed(1)} KB, next step ${largestStep.toFixed(1)} KB`,
);
if (failures.length > 0) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
