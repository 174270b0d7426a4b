import { describe, expect, it } from 'vitest';
import { compiledCatalogues, namespacesUsedBy } from './vite-plugin.ts';

describe('the catalogue build plugin', () => {
  it('finds the namespaces a module asks for, `useTranslation()` being common', () => {
    const code = `
      const { t } = useTranslation("express");
      const { t: tc } = useTranslation();
      const other = t('title', { ns: 'onboarding' });
      const again = useTranslation('express');`;
    expect(namespacesUsedBy(code)).toEqual(['common', 'express', 'onboarding']);
  });

  it('compiles a catalogue imported with ?compiled, and leaves a plain import as written', () => {
    const plugin = compiledCatalogues();
    const transform = plugin.transform as (
      code: string,
      id: string,
    ) => { code: string } | undefined;
    const json = JSON.stringify({ hello: 'Bonjour, {{name}} !' });
    const compiled = transform(json, '/repo/apps/web/src/locales/fr/common.json?compiled');
    expect(compiled?.code).toBe('export default {"hello":["Bonjour, ",["name"]," !"]};');
    expect(transform(json, '/repo/apps/web/src/locales/fr/common.json')).toBeUndefined();
    expect(
      transform(json, '/repo/apps/web/src/locales/fr/common.json?import&compiled'),
    ).toBeDefined();
  });

  it('has a screen ask for its namespaces as its module loads, not a test nor the runtime', () => {
    const transform = compiledCatalogues().transform as (
      code: string,
      id: string,
    ) => { code: string } | undefined;
    const screen = "export function A() { const { t } = useTranslation('partners'); }";
    const injected = transform(screen, '/repo/apps/web/src/features/promo/promo-page.tsx');
    expect(injected?.code).toContain('__preloadNamespaces(["partners"]);');
    expect(injected?.code.endsWith(screen)).toBe(true);
    expect(
      transform(screen, '/repo/apps/web/src/features/promo/promo-page.test.tsx'),
    ).toBeUndefined();
    expect(transform(screen, '/repo/apps/web/src/lib/translation/react.tsx')).toBeUndefined();
    expect(transform('export const a = 1;', '/repo/apps/web/src/lib/a.ts')).toBeUndefined();
  });
});
