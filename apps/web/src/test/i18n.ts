import type { Language } from '@portal/domain';
import { createI18n, type Translator } from '../lib/i18n.ts';
import { ALL_NAMESPACES } from '../locales/resources.ts';

/**
 * A translator for component tests: every namespace loaded in both languages, so a screen
 * renders at once and a switch of language is immediate. Loading on demand is tested in
 * lib/translation.
 */
export async function createTestI18n(language: Language = 'en'): Promise<Translator> {
  const instance = await createI18n(language, ALL_NAMESPACES);
  await instance.loadNamespaces(ALL_NAMESPACES, language === 'en' ? 'fr' : 'en');
  return instance;
}
