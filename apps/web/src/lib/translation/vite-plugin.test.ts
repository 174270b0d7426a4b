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
});
