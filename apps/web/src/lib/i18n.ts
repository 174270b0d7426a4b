import type { Language } from '@portal/domain';
import { loadCatalogue } from './translation/catalogue-loaders.ts';
import { setActiveTranslator } from './translation/preload.ts';
import { Translator, type Namespace } from './translation/translator.ts';

export type { AllResources } from '../locales/resources.ts';
export { TranslationProvider, useTranslation } from './translation/react.tsx';
export type { Namespace, TFunction, TranslationKey } from './translation/translator.ts';
export { Translator };

/**
 * The catalogues the shell and the public screens use, loaded before the first render (in the
 * visitor's language only); every other screen's namespace loads the first time it is asked
 * for (`useTranslation`).
 */
export const FIRST_NAMESPACES = [
  'common',
  'errors',
  'forms',
  'pages',
] as const satisfies readonly Namespace[];

/** `<html lang>` follows the language so screen readers pronounce the page correctly. */
function followDocumentLanguage(instance: Translator): void {
  const apply = (language: string) => {
    document.documentElement.lang = language === 'fr' ? 'fr-CA' : 'en-CA';
  };
  apply(instance.language);
  instance.on('languageChanged', apply);
}

/**
 * A translator with the first catalogues loaded that touches no `document`: the prerender
 * renders the shell with it in Node (ADR 0027), the client through `createI18n`.
 */
export async function createBundledI18n(
  language: Language,
  namespaces: readonly Namespace[] = FIRST_NAMESPACES,
): Promise<Translator> {
  const instance = new Translator(language, loadCatalogue);
  await instance.loadNamespaces(namespaces);
  return instance;
}

export async function createI18n(
  language: Language,
  namespaces: readonly Namespace[] = FIRST_NAMESPACES,
): Promise<Translator> {
  const instance = await createBundledI18n(language, namespaces);
  followDocumentLanguage(instance);
  setActiveTranslator(instance);
  return instance;
}
