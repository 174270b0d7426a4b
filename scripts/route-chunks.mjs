// The routes of apps/web/src/app/routes.tsx and the JavaScript each loads before it renders,
// from a Vite build's manifest. Shared by size-report.mjs (the budget) and bundle-analysis.mjs
// (what the bytes are). The route tree is read from the source with the TypeScript parser, so a
// new route is measured without editing a list here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const routesFile = path.join(webRoot, 'src/app/routes.tsx');

/** The loader that sends a signed-out visitor to sign in: routes below it are not public. */
const SIGN_IN_GUARD = 'requireSignIn';

/**
 * @typedef {{ path: string, modules: string[], guarded: boolean }} Route
 *   `modules`: the lazy modules (manifest keys, relative to apps/web) the route and its
 *   ancestors load on demand, outermost first.
 * @typedef {{ file: string, src?: string, isEntry?: boolean, imports?: string[],
 *   dynamicImports?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 */

/** @returns {Route[]} every route that renders at its own address (leaves), in source order */
export function readRoutes() {
  const text = readFileSync(routesFile, 'utf8');
  const source = ts.createSourceFile(routesFile, text, ts.ScriptTarget.Latest, true);
  /** @type {Map<string, ts.Expression>} */
  const constants = new Map();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) {
        constants.set(declaration.name.text, declaration.initializer);
      }
    }
  }
  const top = constants.get('routes');
  if (!top || !ts.isArrayLiteralExpression(top)) throw new Error('routes.tsx: no `routes` array');

  /** @param {ts.Node} node @returns {string[]} the modules `import()`ed anywhere inside */
  const dynamicImports = (node) => {
    /** @type {string[]} */
    const found = [];
    /** @param {ts.Node} child */
    const visit = (child) => {
      if (
        ts.isCallExpression(child) &&
        child.expression.kind === ts.SyntaxKind.ImportKeyword &&
        child.arguments[0] &&
        ts.isStringLiteral(child.arguments[0])
      ) {
        const absolute = path.resolve(path.dirname(routesFile), child.arguments[0].text);
        found.push(path.relative(webRoot, absolute).split(path.sep).join('/'));
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    return found;
  };
  /** @param {string} parent @param {string} own */
  const join = (parent, own) =>
    own.startsWith('/') ? own : `${parent.replace(/\/$/, '')}/${own}`.replace(/^\/?/, '/');

  /** @type {Route[]} */
  const routes = [];
  /**
   * @param {ts.Expression} node a route: an object literal, a call that builds one (`step(...)`)
   *   or the name of a constant holding one
   * @param {{ path: string, modules: string[], guarded: boolean }} parent
   */
  const walk = (node, parent) => {
    if (ts.isIdentifier(node)) {
      const value = constants.get(node.text);
      if (value) walk(value, parent);
      return;
    }
    if (ts.isCallExpression(node)) {
      const first = node.arguments[0];
      const own = first && ts.isStringLiteral(first) ? first.text : '';
      const modules = [...parent.modules, ...dynamicImports(node)];
      routes.push({ path: join(parent.path, own), modules, guarded: parent.guarded });
      return;
    }
    if (!ts.isObjectLiteralExpression(node)) return;
    /** @type {Map<string, ts.Expression>} */
    const props = new Map();
    for (const property of node.properties) {
      if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)) {
        props.set(property.name.text, property.initializer);
      }
    }
    const pathNode = props.get('path');
    const own = pathNode && ts.isStringLiteral(pathNode) ? pathNode.text : '';
    const lazy = props.get('lazy');
    // A Component that imports on render (routes.tsx's onlyFor, once the person is allowed)
    // needs those modules before its page shows, as a lazy route does.
    const component = props.get('Component');
    const loader = props.get('loader');
    const here = {
      path: own ? join(parent.path, own) : parent.path,
      modules: [
        ...parent.modules,
        ...(lazy ? dynamicImports(lazy) : []),
        ...(component ? dynamicImports(component) : []),
      ],
      guarded: parent.guarded || (!!loader && loader.getText() === SIGN_IN_GUARD),
    };
    const children = props.get('children');
    if (children && ts.isArrayLiteralExpression(children)) {
      for (const child of children.elements) {
        if (ts.isSpreadElement(child)) {
          const spread = ts.isIdentifier(child.expression)
            ? constants.get(child.expression.text)
            : child.expression;
          if (spread && ts.isArrayLiteralExpression(spread)) {
            for (const element of spread.elements) walk(element, here);
          }
        } else {
          walk(child, here);
        }
      }
      return;
    }
    // A bare catch-all renders the not-found page, measured at its own address.
    if (own !== '*') routes.push(here);
  };
  for (const element of top.elements) walk(element, { path: '', modules: [], guarded: false });

  // The same address can appear twice (a layout's index and a redirect): keep the first.
  /** @type {Map<string, Route>} */
  const unique = new Map();
  for (const route of routes) if (!unique.has(route.path)) unique.set(route.path, route);
  return [...unique.values()];
}

/**
 * A route a signed-out visitor can open. Guarded routes (the landing `#/home/dashboard` among
 * them, where `/` leads) are not: the prerendered page's inline script sends a visitor with no
 * session to sign in before any JavaScript loads (apps/web/scripts/prerender.mjs).
 * @param {Route} route
 */
export const isPublic = (route) => !route.guarded;

/** @param {string} dist @returns {Manifest} */
export const readManifest = (dist) =>
  JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/**
 * The JavaScript files a route needs before it renders: the entry chunk and, for each lazy
 * module of the route, its chunk, each with their static imports (modulepreloaded by Vite).
 * @param {Manifest} manifest @param {Route} route @returns {string[]} files relative to dist
 */
export function initialFiles(manifest, route) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @param {string} key */
  const collect = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest (routes.tsx changed?)`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  collect('index.html');
  for (const module of route.modules) collect(module);
  return [...files].filter((file) => file.endsWith('.js'));
}

/**
 * The namespaces loaded before the first render (`FIRST_NAMESPACES` in src/lib/i18n.ts), read
 * from the source like the routes.
 * @returns {string[]}
 */
export function firstNamespaces() {
  const text = readFileSync(path.join(webRoot, 'src/lib/i18n.ts'), 'utf8');
  const list = /FIRST_NAMESPACES = \[([^\]]*)\]/.exec(text);
  if (!list?.[1]) throw new Error('src/lib/i18n.ts: no FIRST_NAMESPACES list');
  return [...list[1].matchAll(/'(\w+)'/g)].map((match) => match[1] ?? '');
}

/**
 * The catalogue files a set of chunks needs in one language: the first namespaces and every
 * namespace their modules use (the build's `.vite/chunk-usage.json`), each a chunk of its
 * own (ADR 0031).
 * @param {string} dist @param {Manifest} manifest @param {string[]} files
 * @param {'en' | 'fr'} language @returns {string[]}
 */
export function catalogueFiles(dist, manifest, files, language) {
  const usage = readChunkUsage(dist).namespaces;
  const namespaces = new Set(firstNamespaces());
  for (const file of files) for (const namespace of usage[file] ?? []) namespaces.add(namespace);
  return [...namespaces].sort().map((namespace) => {
    const chunk = manifest[`src/locales/${language}/${namespace}.json?compiled`];
    if (!chunk) throw new Error(`no ${language}/${namespace} catalogue in the manifest`);
    return chunk.file;
  });
}

/**
 * What the build recorded per chunk (apps/web/src/lib/translation/vite-plugin.ts): the
 * namespaces its modules use, the chunks it downloads once its screen has shown, and those it
 * downloads on a person's choice.
 * @param {string} dist
 * @returns {{ namespaces: Record<string, string[]>, prefetches: Record<string, string[]>, onChoice: Record<string, string[]> }}
 */
export const readChunkUsage = (dist) =>
  JSON.parse(readFileSync(path.join(dist, '.vite/chunk-usage.json'), 'utf8'));

/**
 * A chunk and its static imports, each once.
 * @param {Manifest} manifest @param {string[]} roots @returns {string[]}
 */
function withImports(manifest, roots) {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  /** @type {Set<string>} */
  const found = new Set();
  /** @param {string} file */
  const collect = (file) => {
    if (found.has(file)) return;
    found.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) {
      const chunk = manifest[imported];
      if (chunk) collect(chunk.file);
    }
  };
  roots.forEach(collect);
  return [...found];
}

/**
 * The files a set of chunks downloads after its screen has shown (`onDemand(...).prefetch`),
 * each with its static imports: there before the person moves on.
 * @param {string} dist @param {Manifest} manifest @param {string[]} files @returns {string[]}
 */
export function prefetchedFiles(dist, manifest, files) {
  const { prefetches } = readChunkUsage(dist);
  return withImports(
    manifest,
    files.flatMap((file) => prefetches[file] ?? []),
  );
}

/**
 * The parts a set of chunks downloads when a person makes a choice (`onChoice(...)`): per part,
 * its chunk with its static imports.
 * @param {string} dist @param {Manifest} manifest @param {string[]} files
 * @returns {{ part: string, files: string[] }[]}
 */
export function onChoiceParts(dist, manifest, files) {
  const { onChoice = {} } = readChunkUsage(dist);
  return files
    .flatMap((file) => onChoice[file] ?? [])
    .map((part) => ({ part, files: withImports(manifest, [part]) }));
}

/** @param {string} dist @param {string} file @returns {number} gzip (level 9) size in KB */
export const gzipKb = (dist, file) =>
  gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
