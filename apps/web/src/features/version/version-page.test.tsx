import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { VersionPage } from './version-page.tsx';

describe('version page', () => {
  it('warns when the in-memory API is on, in French too', async () => {
    const i18n = await createI18n('fr');
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <VersionPage inMemory />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByText('Version 1.45')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent("L'API en mémoire est activée");
  });
});
