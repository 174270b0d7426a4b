import { render, screen, within } from '@testing-library/react';
import { TranslationProvider } from '../lib/i18n.ts';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/i18n.ts';
import { ProgressBar } from './progress-bar.tsx';

describe('ProgressBar', () => {
  it('shows the six steps with the current one marked, in English', async () => {
    render(
      <TranslationProvider i18n={await createTestI18n('en')}>
        <ProgressBar current="financial" />
      </TranslationProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Application progress' });
    const items = within(nav).getAllByRole('listitem');
    expect(
      items.map((item) =>
        item.textContent
          ?.replace(/\(.*\)/, '')
          .replace(/^\d/, '')
          .trim(),
      ),
    ).toEqual([
      'Account',
      'Profile',
      'Financial',
      'Review',
      'Identification and signature',
      'Complete',
    ]);
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).toHaveAttribute('data-state', 'done');
    expect(items[5]).toHaveAttribute('data-state', 'todo');
    expect(within(nav).getByText('Step 3 of 6')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    render(
      <TranslationProvider i18n={await createTestI18n('fr')}>
        <ProgressBar current="complete" />
      </TranslationProvider>,
    );
    expect(screen.getByText('Étape 6 sur 6')).toBeInTheDocument();
    expect(
      screen.getByRole('navigation', { name: 'Progression de la demande' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('(terminée)', { exact: false })).toHaveLength(5);
    // "Vérification" named the review beside the identity verification: a word of its own.
    expect(screen.getByText('Récapitulatif')).toBeInTheDocument();
    expect(screen.queryByText('Vérification')).not.toBeInTheDocument();
  });
});
