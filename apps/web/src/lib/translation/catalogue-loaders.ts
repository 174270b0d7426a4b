import type { Language } from '@portal/domain';
import type { CompiledCatalogue } from './compile-catalogue.ts';
import type { CatalogueLoader, Namespace } from './translator.ts';

/**
 * Every catalogue of both languages, each its own chunk when built: a visitor downloads the
 * namespaces their screens use, in their language only (ADR 0031). Compiled as they are bundled
 * (`vite-plugin.ts`).
 */
const catalogues = import.meta.glob<CompiledCatalogue>('../../locales/*/*.json', {
  query: '?compiled',
  import: 'default',
});

export const loadCatalogue: CatalogueLoader = (language: Language, namespace: Namespace) => {
  const load = catalogues[`../../locales/${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`no catalogue ${language}/${namespace}.json`));
  return load();
};
