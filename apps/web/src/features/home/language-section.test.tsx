import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountApi } from '../../test/fake-account-api.ts';
import { openSection, section } from './settings-test-helpers.tsx';

describe('settings: preferred language', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves French and switches the page to French, remembering it in the lang cookie', async () => {
    const api = fakeAccountApi();
    const { user, region: language } = await openSection('Preferred language');
    expect(within(language).getByLabelText('English')).toBeChecked();
    expect(within(language).getByText('Français')).toHaveAttribute('lang', 'fr-CA');
    await user.click(within(language).getByLabelText('Français'));
    await user.click(within(language).getByRole('button', { name: 'Save language' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Paramètres du compte' }),
    ).toBeInTheDocument();
    expect(
      await within(section('Langue préférée')).findByText('Votre langue préférée est enregistrée.'),
    ).toBeInTheDocument();
    expect(document.cookie).toContain('lang=fr');
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(api.calls.find((call) => call.path.endsWith('/account/language'))?.body).toEqual({
      language: 'fr',
    });
  });

  it('says when the language could not be saved, in French', async () => {
    const api = fakeAccountApi({ language: 'fr' });
    api.answerNext('PUT', '/account/language', 500);
    const { user, region: language } = await openSection('Langue préférée', 'fr');
    await user.click(within(language).getByLabelText('English'));
    await user.click(within(language).getByRole('button', { name: 'Enregistrer la langue' }));
    expect(await within(language).findByRole('alert')).toHaveTextContent(
      "Nous n'avons pas pu enregistrer ce changement.",
    );
    expect(within(language).getByLabelText('English')).toBeChecked();
    expect(document.documentElement.lang).toBe('fr-CA');
  });

  it('keeps the person on the screen when the rate limit refuses the save, and says why (issue 30)', async () => {
    const api = fakeAccountApi({ language: 'fr' });
    api.answerNext(
      'PUT',
      '/account/language',
      429,
      { errorCode: 'rateLimited', message: 'Too many requests.' },
      { 'retry-after': '42' },
    );
    const { user, region: language } = await openSection('Langue préférée', 'fr');
    await user.click(within(language).getByLabelText('English'));
    await user.click(within(language).getByRole('button', { name: 'Enregistrer la langue' }));
    const notice = (await screen.findAllByRole('alert')).find((alert) =>
      alert.textContent?.includes('Attendez une minute'),
    );
    expect(notice).toHaveTextContent(
      'Vous avez envoyé un très grand nombre de demandes en peu de temps.',
    );
    // Still on the settings screen, with the choice as it was made.
    expect(screen.getByRole('heading', { level: 1, name: 'Paramètres du compte' })).toBeVisible();
    expect(within(section('Langue préférée')).getByLabelText('English')).toBeChecked();
    await user.click(within(notice!).getByRole('button', { name: 'Fermer cet avis' }));
    expect(notice).not.toBeInTheDocument();
  });
});
