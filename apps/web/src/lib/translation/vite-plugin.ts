import type { Plugin } from 'vite';
import { compileCatalogue, type CatalogueSource } from './compile-catalogue.ts';

const CATALOGUE = /[\\/]src[\\/]locales[\\/](en|fr)[\\/][\w-]+\.json\?(.*&)?compiled$/;
/** The client's own modules, but the translation runtime's (which the preload imports). */
const CLIENT_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/](?!lib[\\/]translation[\\/]).*\.tsx?$/;
const PRELOAD_MODULE = '/src/lib/translation/preload.ts';
/** `useTranslation('ns')`, `useTranslation()` (common) and `{ ns: 'ns' }`, in transformed code. */
const NAMESPACE_USE = /\buseTranslation\(\s*(?:["'](\w+)["'])?\s*\)|\bns:\s*["'](\w+)["']/g;

/**
 * Where the build records, per chunk, the namespaces its modules use and the chunks it
 * downloads once its screen has shown (`onDemand(() => import(...))`, lib/on-demand.ts), for
 * scripts/route-chunks.mjs.
 */
export const CHUNK_USAGE_FILE = '.vite/chunk-usage.json';
const PREFETCHES = /\bonDemand\(/;

/** The namespaces a module's code asks for. */
export function namespacesUsedBy(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(NAMESPACE_USE)) found.add(match[1] ?? match[2] ?? 'common');
  return [...found].sort();
}

/**
 * Catalogues are compiled when they are bundled (ADR 0031): `src/locales/<lang>/*.json?compiled`
 * is the catalogue as the compiled messages Lingui's runtime reads, so the browser never parses
 * ICU. A plain import of the file (tests, the not-found frame) keeps the text as written.
 *
 * The client build also records, per chunk, the namespaces its modules use: the size budget
 * counts a route's catalogues with its code, as a visitor downloads them before the screen shows.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'portal-compiled-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (CATALOGUE.test(id)) {
        const compiled = compileCatalogue(JSON.parse(code) as CatalogueSource);
        return { code: `export default ${JSON.stringify(compiled)};`, map: null, moduleType: 'js' };
      }
      const path = id.split('?')[0] ?? '';
      if (!CLIENT_MODULE.test(path) || /\.test\.tsx?$/.test(path)) return undefined;
      const namespaces = namespacesUsedBy(code);
      if (namespaces.length === 0) return undefined;
      // A module asks for its namespaces as it loads (preload.ts): beside the screen's code,
      // and before a part of the screen that appears later needs them.
      const preload =
        `import { preloadNamespaces as __preloadNamespaces } from '${PRELOAD_MODULE}';` +
        `__preloadNamespaces(${JSON.stringify(namespaces)});`;
      return { code: `${preload}${code}`, map: null };
    },
    generateBundle(options, bundle) {
      if (options.format !== 'es' || this.environment.config.consumer !== 'client') return;
      const usage: Record<string, string[]> = {};
      const prefetches: Record<string, string[]> = {};
      const chunkOf = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk')
          for (const id of output.moduleIds) chunkOf.set(id, output.fileName);
      }
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const namespaces = new Set<string>();
        const later = new Set<string>();
        for (const id of output.moduleIds) {
          const info = this.getModuleInfo(id);
          if (!info?.code) continue;
          for (const namespace of namespacesUsedBy(info.code)) namespaces.add(namespace);
          if (PREFETCHES.test(info.code)) {
            for (const target of info.dynamicallyImportedIds) {
              const file = chunkOf.get(target);
              if (file) later.add(file);
            }
          }
        }
        if (namespaces.size > 0) usage[output.fileName] = [...namespaces].sort();
        if (later.size > 0) prefetches[output.fileName] = [...later].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_USAGE_FILE,
        source: `${JSON.stringify({ namespaces: usage, prefetches }, null, 1)}\n`,
      });
    },
  };
}
