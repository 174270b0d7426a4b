import { render, screen } from '@testing-library/react';
import { TranslationProvider } from '../../lib/i18n.ts';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n.ts';
import { VersionPage } from './version-page.tsx';

describe('version page', () => {
  it('warns when the in-memory API is on, in French too', async () => {
    const i18n = await createTestI18n('fr');
    render(
      <TranslationProvider i18n={i18n}>
        <MemoryRouter>
          <VersionPage inMemory />
        </MemoryRouter>
      </TranslationProvider>,
    );
    expect(screen.getByText('Version 1.45')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent("L'API en mémoire est activée");
  });
});
