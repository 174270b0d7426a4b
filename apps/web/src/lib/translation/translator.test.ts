import { describe, expect, it, vi } from 'vitest';
import type { Language } from '@portal/domain';
import { compileCatalogue } from './compile-catalogue.ts';
import { Translator, type CatalogueLoader } from './translator.ts';

const catalogues = {
  en: {
    common: {
      hello: 'Hello, {{name}}!',
      items_one: '{{count}} item',
      items_other: '{{count}} items',
    },
    express: { title: 'Your invitation', rules: ['First', 'Second'] },
  },
  fr: {
    common: {
      hello: 'Bonjour, {{name}} !',
      items_one: '{{count}} article',
      items_other: '{{count}} articles',
    },
    express: { title: 'Votre invitation', rules: ['Premier', 'Deuxième'] },
  },
};

/** The translate function without the portal's key types (these catalogues are the test's). */
type LooseT = (key: string, options?: object) => string | string[];
const loose = (translator: Translator, namespace: 'common' | 'express' = 'common') =>
  translator.getFixedT(null, namespace) as unknown as LooseT;

/** A loader of the catalogues above that counts what it downloads and can be held back. */
function loader() {
  const downloads: string[] = [];
  const load = vi.fn<CatalogueLoader>(async (language: Language, namespace) => {
    downloads.push(`${language}/${namespace}`);
    const source = (catalogues[language] as Record<string, object>)[namespace];
    if (!source) throw new Error(`no ${namespace}`);
    return compileCatalogue(source as never);
  });
  return { load, downloads };
}

describe('the translator', () => {
  it('downloads only the namespaces asked for, in the current language, once each', async () => {
    const { load, downloads } = loader();
    const translator = new Translator('fr', load);
    await Promise.all([
      translator.loadNamespaces(['common']),
      translator.loadNamespaces(['common']),
    ]);
    expect(downloads).toEqual(['fr/common']);
    expect(loose(translator)('hello', { name: 'Zoë' })).toBe('Bonjour, Zoë !');
    expect(translator.hasNamespace('express')).toBe(false);
  });

  it('switches language only once every namespace in use is loaded in the new one', async () => {
    const { load, downloads } = loader();
    const translator = new Translator('en', load);
    await translator.loadNamespaces(['common', 'express']);
    const heard: Language[] = [];
    translator.on('languageChanged', (language) => heard.push(language));
    const switching = translator.changeLanguage('fr');
    expect(translator.language).toBe('en');
    await switching;
    expect(downloads).toEqual(['en/common', 'en/express', 'fr/common', 'fr/express']);
    expect(heard).toEqual(['fr']);
    expect(loose(translator, 'express')('title')).toBe('Votre invitation');
  });

  it('chooses plural forms, lists and other namespaces', async () => {
    const translator = new Translator('en', loader().load);
    await translator.loadNamespaces(['common', 'express']);
    const t = loose(translator, 'express');
    expect(loose(translator)('items', { count: 1 })).toBe('1 item');
    expect(loose(translator)('items', { count: 3 })).toBe('3 items');
    expect(t('rules', { returnObjects: true })).toEqual(['First', 'Second']);
    expect(t('hello', { ns: 'common', name: 'Ana' })).toBe('Hello, Ana!');
  });

  it('shows a missing key, or the default given, and says it does not exist', async () => {
    const translator = new Translator('en', loader().load);
    await translator.loadNamespaces(['common']);
    const t = loose(translator);
    expect(t('nowhere.to.be.found')).toBe('nowhere.to.be.found');
    expect(t('nowhere', { defaultValue: 'Try again.' })).toBe('Try again.');
    expect(translator.exists('common:hello')).toBe(true);
    expect(translator.exists('common:nowhere')).toBe(false);
  });

  it('tries a failed download again the next time', async () => {
    const { load } = loader();
    load.mockRejectedValueOnce(new Error('offline'));
    const translator = new Translator('en', load);
    await expect(translator.loadNamespaces(['common'])).rejects.toThrow('offline');
    await translator.loadNamespaces(['common']);
    expect(translator.hasNamespace('common')).toBe(true);
  });

  it('keeps the old language when the new one cannot be downloaded', async () => {
    const { load } = loader();
    const translator = new Translator('en', load);
    await translator.loadNamespaces(['common']);
    load.mockRejectedValueOnce(new Error('offline'));
    await expect(translator.changeLanguage('fr')).rejects.toThrow('offline');
    expect(translator.language).toBe('en');
    expect(loose(translator)('hello', { name: 'Ana' })).toBe('Hello, Ana!');
  });
});
