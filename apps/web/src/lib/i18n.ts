import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@portal/domain';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import enForms from '../locales/en/forms.json';
import enPages from '../locales/en/pages.json';
import frCommon from '../locales/fr/common.json';
import frErrors from '../locales/fr/errors.json';
import frForms from '../locales/fr/forms.json';
import frPages from '../locales/fr/pages.json';
import type { onDemandResources } from '../locales/on-demand.ts';
import type { operationsResources } from '../locales/operations.ts';
import type { advisorResources } from '../locales/advisor.ts';
import type { expressResources } from '../locales/express.ts';
import type { partnersResources } from '../locales/partners.ts';
import type { inMemoryResources } from '../in-memory/catalogue.ts';

/**
 * Catalogues are bundled: the spec says translations are local, and it spares a request. The
 * application screens bring their own (locales/on-demand.ts).
 */
export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    forms: enForms,
    pages: enPages,
  },
  fr: {
    common: frCommon,
    errors: frErrors,
    forms: frForms,
    pages: frPages,
  },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];

/** Every catalogue, the first download's and the on-demand ones, for types and tests. */
export type AllResources = (typeof resources)['en'] &
  (typeof onDemandResources)['en'] &
  (typeof operationsResources)['en'] &
  (typeof advisorResources)['en'] &
  (typeof expressResources)['en'] &
  (typeof partnersResources)['en'] &
  (typeof inMemoryResources)['en'];

/** `<html lang>` follows the language so screen readers pronounce the page correctly. */
function followDocumentLanguage(instance: i18n): void {
  const apply = (language: string) => {
    document.documentElement.lang = language === 'fr' ? 'fr-CA' : 'en-CA';
  };
  apply(instance.language);
  instance.on('languageChanged', apply);
}

/**
 * An i18next instance on the bundled catalogues that touches no `document`: the prerender
 * renders the shell with it in Node (ADR 0027), the client through `createI18n`.
 */
export async function createBundledI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

export async function createI18n(language: Language): Promise<i18n> {
  const instance = await createBundledI18n(language);
  followDocumentLanguage(instance);
  return instance;
}
