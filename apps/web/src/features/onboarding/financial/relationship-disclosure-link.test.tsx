import { render, screen } from '@testing-library/react';
import { TranslationProvider } from '../../../lib/i18n.ts';
import { describe, expect, it } from 'vitest';
import type { Language } from '@portal/domain/enums/define-enum';
import { createTestI18n } from '../../../test/i18n.ts';
import { RelationshipDisclosureLink } from './relationship-disclosure-link.tsx';

async function renderLink(language: Language) {
  const i18n = await createTestI18n(language);
  render(
    <TranslationProvider i18n={i18n}>
      <RelationshipDisclosureLink />
    </TranslationProvider>,
  );
}

describe('the relationship disclosure link', () => {
  it.each([
    ['en', /^Read the relationship disclosure \(version 2026-11\) ?\(opens in a new tab\)$/],
    ['fr', /^Lire le document d'information sur la relation \(version 2026-11\) ?\(s'ouvre/],
  ] as const)(
    'opens the versioned document in %s in a new tab, said aloud',
    async (language, name) => {
      await renderLink(language);
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute(
        'href',
        `/documents/relationship-disclosure-2026-11.${language}.html`,
      );
      expect(link).toHaveAttribute('target', '_blank');
    },
  );
});
