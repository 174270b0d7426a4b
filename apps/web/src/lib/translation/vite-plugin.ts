import type { Plugin } from 'vite';
import { compileCatalogue, type CatalogueSource } from './compile-catalogue.ts';

const CATALOGUE = /[\\/]src[\\/]locales[\\/](en|fr)[\\/][\w-]+\.json\?(.*&)?compiled$/;
/** The client's own modules, but the translation runtime's (which the preload imports). */
const CLIENT_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/](?!lib[\\/]translation[\\/]).*\.tsx?$/;
const PRELOAD_MODULE = '/src/lib/translation/preload.ts';
/** `useTranslation('ns')`, `useTranslation()` (common) and `{ ns: 'ns' }`, in transformed code. */
const NAMESPACE_USE = /\buseTranslation\(\s*(?:["'](\w+)["'])?\s*\)|\bns:\s*["'](\w+)["']/g;

/**
 * Where the build records, per chunk, the namespaces its modules use, the chunks it downloads
 * once its screen has shown (`onDemand(() => import(...))`, lib/on-demand.ts) and those it
 * downloads on a person's choice (`onChoice(...)`), for scripts/route-chunks.mjs.
 */
export const CHUNK_USAGE_FILE = '.vite/chunk-usage.json';
const PREFETCHES = /\bonDemand\(/;
const ON_CHOICE = /\bonChoice\(/;

/** How a module's dynamic imports download: after the screen shows, on a choice, or neither. */
export function laterDownloadsOf(code: string, id: string): 'prefetch' | 'onChoice' | undefined {
  const prefetch = PREFETCHES.test(code);
  const choice = ON_CHOICE.test(code);
  // The build sees a module's dynamic imports, not which helper asked for each one.
  if (prefetch && choice)
    throw new Error(`${id} uses both onDemand and onChoice: give each its own module`);
  return prefetch ? 'prefetch' : choice ? 'onChoice' : undefined;
}

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
      const onChoice: Record<string, string[]> = {};
      const chunkOf = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk')
          for (const id of output.moduleIds) chunkOf.set(id, output.fileName);
      }
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const namespaces = new Set<string>();
        const later = { prefetch: new Set<string>(), onChoice: new Set<string>() };
        for (const id of output.moduleIds) {
          const info = this.getModuleInfo(id);
          if (!info?.code) continue;
          for (const namespace of namespacesUsedBy(info.code)) namespaces.add(namespace);
          if (info.dynamicallyImportedIds.length === 0) continue;
          const how = laterDownloadsOf(info.code, id);
          if (!how) continue;
          for (const target of info.dynamicallyImportedIds) {
            const file = chunkOf.get(target);
            if (file) later[how].add(file);
          }
        }
        if (namespaces.size > 0) usage[output.fileName] = [...namespaces].sort();
        if (later.prefetch.size > 0) prefetches[output.fileName] = [...later.prefetch].sort();
        if (later.onChoice.size > 0) onChoice[output.fileName] = [...later.onChoice].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_USAGE_FILE,
        source: `${JSON.stringify({ namespaces: usage, prefetches, onChoice }, null, 1)}\n`,
      });
    },
  };
}
