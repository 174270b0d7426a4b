import { describe, expect, it } from 'vitest';
import { compiledCatalogues, laterDownloadsOf, namespacesUsedBy } from './vite-plugin.ts';

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

  it('tells code fetched once a screen shows from code a choice downloads', () => {
    const prefetch = "const view = onDemand(() => import('./dialog.tsx'));";
    const choice = "const form = onChoice(() => import('./form.tsx'));";
    expect(laterDownloadsOf(prefetch, 'a.tsx')).toBe('prefetch');
    expect(laterDownloadsOf(choice, 'b.tsx')).toBe('onChoice');
    expect(laterDownloadsOf("import('./route.tsx')", 'c.tsx')).toBeUndefined();
    // The build cannot tell which import each one asks for: one helper a module.
    expect(() => laterDownloadsOf(`${prefetch}${choice}`, 'd.tsx')).toThrow(/d\.tsx.*own module/);
  });
});
