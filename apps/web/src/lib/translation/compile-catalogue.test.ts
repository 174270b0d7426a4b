import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, toIcuMessage, type CatalogueSource } from './compile-catalogue.ts';

/** What Lingui's runtime shows for a compiled catalogue's key. */
function render(
  source: CatalogueSource,
  key: string,
  values?: Record<string, unknown>,
  locale = 'en',
) {
  const i18n = setupI18n({ locale, messages: { [locale]: compileCatalogue(source) } });
  return i18n._(key, values);
}

describe('compiling a catalogue', () => {
  it('puts each value into its {{placeholder}}, under the dotted key', () => {
    expect(
      render({ greeting: { hello: 'Hello, {{name}}!' } }, 'greeting.hello', { name: 'Zoë' }),
    ).toBe('Hello, Zoë!');
  });

  it('keeps apostrophes, braces and hashes as written', () => {
    const text = "L'adresse d'{{name}} {not a placeholder} #1 ''quoted''";
    expect(render({ a: text }, 'a', { name: 'Ève' })).toBe(
      "L'adresse d'Ève {not a placeholder} #1 ''quoted''",
    );
  });

  it('chooses the plural form by count, with the language’s rules', () => {
    const source = { files_one: '{{count}} fichier #', files_other: '{{count}} fichiers #' };
    expect(render(source, 'files', { count: 0 }, 'fr')).toBe('0 fichier #');
    expect(render(source, 'files', { count: 1 }, 'fr')).toBe('1 fichier #');
    expect(render(source, 'files', { count: 2 }, 'fr')).toBe('2 fichiers #');
    expect(render(source, 'files', { count: 0 }, 'en')).toBe('0 fichiers #');
  });

  it('numbers the items of a list', () => {
    expect(Object.keys(compileCatalogue({ rules: ['one', 'two'] }))).toEqual([
      'rules.0',
      'rules.1',
    ]);
  });

  it('leaves a key ending in a plural word alone when it has no `_other` form', () => {
    expect(Object.keys(compileCatalogue({ for_one: 'x' }))).toEqual(['for_one']);
  });

  it('turns placeholders into ICU ones and quotes the rest', () => {
    expect(toIcuMessage("l'{{ name }} {x}")).toBe("l''{name} '{'x'}'");
  });
});
