import { describe, expect, it } from 'vitest';
import { compileCatalogue, type CatalogueSource } from '../lib/translation/compile-catalogue.ts';
import { ALL_NAMESPACES } from './resources.ts';

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const catalogueOf = (language: 'en' | 'fr', namespace: string): Tree =>
  files[`./${language}/${namespace}.json`] ?? {};

const resources = {
  en: Object.fromEntries(ALL_NAMESPACES.map((ns) => [ns, catalogueOf('en', ns)])),
  fr: Object.fromEntries(ALL_NAMESPACES.map((ns) => [ns, catalogueOf('fr', ns)])),
} as { en: Record<string, Tree>; fr: Record<string, Tree> };

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

describe('the English and French catalogues', () => {
  const namespaces = [...ALL_NAMESPACES];

  it('are every file of src/locales, in both languages', () => {
    const names = (language: string) =>
      Object.keys(files)
        .filter((file) => file.startsWith(`./${language}/`))
        .map((file) => file.slice(`./${language}/`.length, -'.json'.length))
        .sort();
    expect(names('en')).toEqual([...ALL_NAMESPACES].sort());
    expect(names('fr')).toEqual([...ALL_NAMESPACES].sort());
  });

  it.each(namespaces)('namespace %s compiles in both languages to the same messages', (ns) => {
    const en = compileCatalogue(resources.en[ns] as CatalogueSource);
    const fr = compileCatalogue(resources.fr[ns] as CatalogueSource);
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(namespaces)('namespace %s has the same keys in both languages', (namespace) => {
    const en = flatten(resources.en[namespace] as Tree);
    const fr = flatten(resources.fr[namespace] as Tree);
    const missingInFrench = [...en.keys()].filter((key) => !fr.has(key));
    const missingInEnglish = [...fr.keys()].filter((key) => !en.has(key));
    expect({ missingInFrench, missingInEnglish }).toEqual({
      missingInFrench: [],
      missingInEnglish: [],
    });
  });

  it.each(namespaces)('namespace %s has no blank text and the same placeholders', (namespace) => {
    const en = flatten(resources.en[namespace] as Tree);
    const fr = flatten(resources.fr[namespace] as Tree);
    for (const [key, english] of en) {
      const french = fr.get(key) ?? '';
      expect(english.trim(), `en ${namespace}:${key}`).not.toBe('');
      expect(french.trim(), `fr ${namespace}:${key}`).not.toBe('');
      expect(placeholders(french), `placeholders of ${namespace}:${key}`).toEqual(
        placeholders(english),
      );
    }
  });

  it('finds a key missing from one language (the check itself works)', () => {
    const en = flatten({ a: 'x', b: { c: 'y' } });
    const fr = flatten({ a: 'x' });
    expect([...en.keys()].filter((key) => !fr.has(key))).toEqual(['b.c']);
  });
});

describe('the French catalogues write French one way', () => {
  const french = Object.entries(resources.fr).flatMap(([namespace, tree]) =>
    [...flatten(tree as Tree)].map(([key, text]) => ({ at: `${namespace}:${key}`, text })),
  );

  it('use the straight apostrophe, as most of them always did, never the curly one', () => {
    expect(french.filter(({ text }) => text.includes('\u2019')).map(({ at }) => at)).toEqual([]);
  });

  it('put no space before ? and a space before a colon', () => {
    expect(
      french.filter(({ text }) => /[\s\u00a0\u202f]\?/.test(text)).map(({ at }) => at),
    ).toEqual([]);
    expect(
      french.filter(({ text }) => /[^\s\u00a0\u202f]:(\s|$)/.test(text)).map(({ at }) => at),
    ).toEqual([]);
  });
});
