// What the JavaScript of each public route is made of (issue 18): builds the client with source
// maps into a temporary directory (apps/web/dist is left alone), then prints, for each public
// route, its initial chunks, and for each of those chunks the gzip KB attributed to each package
// (node_modules) or source module, largest first.
//
//   npm run size:analyze              public routes
//   npm run size:analyze -- --all     signed-in routes too
//   npm run size:analyze -- --dist D  analyse an existing build made with --sourcemap
//
// Attribution: every generated character is assigned, through the source map, to the file it
// came from; each group's text is gzipped on its own and the figures are scaled so that they add
// up to the chunk's real gzip size (compressing parts separately costs a little more than the
// whole, so raw figures would overstate).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import {
  gzipKb,
  initialFiles,
  isPublic,
  readManifest,
  readRoutes,
  webRoot,
} from './route-chunks.mjs';

const args = process.argv.slice(2);
const all = args.includes('--all');
const distArg = args.indexOf('--dist');
const given = distArg >= 0 ? args[distArg + 1] : undefined;
const dist = given ? path.resolve(given) : mkdtempSync(path.join(tmpdir(), 'web-analysis-'));
if (!given) {
  execFileSync('npx', ['vite', 'build', '--sourcemap', '--outDir', dist, '--emptyOutDir'], {
    cwd: webRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

// JSON modules (the catalogues) come without mappings, like the bundler's own glue.
const UNMAPPED = '(unmapped: JSON, bundler glue)';

/** @param {string} source a source map's source path @returns {string} its group's name */
function groupOf(source) {
  const normalized = source.split(path.sep).join('/');
  const inModules = normalized.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope = '', name = ''] = normalized.slice(inModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const inRepo = normalized.match(/(apps\/web\/src|packages\/domain\/src)\/.*$/);
  return inRepo ? inRepo[0] : normalized;
}

/** @param {string} file @returns {{ group: string, kb: number }[]} largest first */
function attribute(file) {
  const code = readFileSync(path.join(dist, file), 'utf8');
  const mapFile = path.join(dist, `${file}.map`);
  const total = gzipKb(dist, file);
  if (!existsSync(mapFile)) return [{ group: '(no source map)', kb: total }];
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  /** @type {{ line: number, column: number, source: string | null }[]} */
  const mappings = [];
  consumer.eachMapping((m) =>
    mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }),
  );
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  const codeLines = code.split('\n');
  const lineAt = (/** @type {number} */ number) => codeLines[number - 1] ?? '';
  /** @type {Map<string, string[]>} */
  const texts = new Map();
  const add = (/** @type {string} */ group, /** @type {string} */ text) => {
    const list = texts.get(group) ?? [];
    list.push(text);
    texts.set(group, list);
  };
  // Text before the first mapping of a line, or on unmapped lines, is the bundler's own glue.
  let cursor = { line: 1, column: 0 };
  const glue = (/** @type {number} */ line, /** @type {number} */ column) => {
    while (cursor.line < line) {
      add(UNMAPPED, `${lineAt(cursor.line).slice(cursor.column)}\n`);
      cursor = { line: cursor.line + 1, column: 0 };
    }
    if (column > cursor.column) add(UNMAPPED, lineAt(line).slice(cursor.column, column));
  };
  mappings.forEach((m, index) => {
    glue(m.line, m.column);
    const next = mappings[index + 1];
    const end = next && next.line === m.line ? next.column : lineAt(m.line).length;
    add(m.source ? groupOf(m.source) : UNMAPPED, lineAt(m.line).slice(m.column, end));
    cursor = { line: m.line, column: Math.max(end, m.column) };
  });
  glue(codeLines.length, lineAt(codeLines.length).length);
  const raw = [...texts].map(([group, parts]) => ({
    group,
    kb: gzipSync(parts.join(''), { level: 9 }).length / 1024,
  }));
  const sum = raw.reduce((acc, row) => acc + row.kb, 0);
  return raw.map((row) => ({ ...row, kb: (row.kb * total) / sum })).sort((a, b) => b.kb - a.kb);
}

const manifest = readManifest(dist);
const routes = readRoutes().filter((route) => all || isPublic(route));
/** @type {Map<string, { group: string, kb: number }[]>} */
const analysed = new Map();
const kb = (/** @type {number} */ value) => `${value.toFixed(1).padStart(6)} KB`;

for (const route of routes) {
  const files = initialFiles(manifest, route);
  const total = files.reduce((acc, file) => acc + gzipKb(dist, file), 0);
  console.log(`\n#${route.path}${isPublic(route) ? '' : ' (signed in)'}: ${kb(total)} gzip`);
  const seen = files.filter((file) => analysed.has(file));
  if (seen.length > 0) {
    const seenKb = seen.reduce((acc, file) => acc + gzipKb(dist, file), 0);
    console.log(`  ${kb(seenKb)}  ${seen.length} chunks analysed above`);
  }
  for (const file of files.filter((f) => !analysed.has(f))) {
    console.log(`  ${kb(gzipKb(dist, file))}  ${file}`);
    const rows = attribute(file);
    analysed.set(file, rows);
    for (const row of rows.filter((r) => r.kb >= 0.05)) {
      console.log(`      ${kb(row.kb)}  ${row.group}`);
    }
    const small = rows.filter((r) => r.kb < 0.05);
    if (small.length > 0) {
      const rest = small.reduce((acc, r) => acc + r.kb, 0);
      console.log(`      ${kb(rest)}  (${small.length} modules under 0.05 KB each)`);
    }
  }
}
if (!given) rmSync(dist, { recursive: true, force: true });
