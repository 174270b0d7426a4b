import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { compileCatalogue, type CatalogueSource } from './compile-catalogue.ts';
import { TranslationProvider, useTranslation } from './react.tsx';
import { Translator, type CatalogueLoader } from './translator.ts';

/** A loader whose downloads finish when the test says so. */
function heldLoader() {
  const waiting: (() => void)[] = [];
  const texts: Record<string, Record<string, CatalogueSource>> = {
    en: { common: { loading: 'Loading' }, express: { title: 'Your invitation' } },
    fr: { common: { loading: 'Chargement' }, express: { title: 'Votre invitation' } },
  };
  const load: CatalogueLoader = (language, namespace) =>
    new Promise((resolve) => {
      waiting.push(() => resolve(compileCatalogue(texts[language]?.[namespace] ?? {})));
    });
  const finish = async () => {
    await act(async () => {
      while (waiting.length > 0) waiting.shift()?.();
      // The catalogue is added, then React hears the promise settle: a few turns.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { load, finish };
}

function Title() {
  const { t } = useTranslation('express');
  return <h1>{(t as unknown as (key: string) => string)('title')}</h1>;
}

/** Renders titles under a Suspense boundary, in an asynchronous act: React 19 needs one to
 * retry a suspended render in tests. */
async function renderTitles(translator: Translator, count: number) {
  await act(async () => {
    render(
      <TranslationProvider i18n={translator}>
        <Suspense fallback={<p>…</p>}>
          {Array.from({ length: count }, (_, index) => (
            <Title key={index} />
          ))}
        </Suspense>
      </TranslationProvider>,
    );
  });
}

describe('useTranslation', () => {
  it('waits for its namespace the first time, then shows it and follows a change of language', async () => {
    const { load, finish } = heldLoader();
    const translator = new Translator('en', load);
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderTitles(translator, 1);
    expect(screen.getByText('…')).toBeInTheDocument();
    await finish();
    expect(await screen.findByRole('heading', { name: 'Your invitation' })).toBeInTheDocument();

    let switched: Promise<void> = Promise.resolve();
    act(() => {
      switched = translator.changeLanguage('fr');
    });
    // Until the French catalogue is here, the page stays in English: no keys, no blank.
    expect(screen.getByRole('heading', { name: 'Your invitation' })).toBeInTheDocument();
    await finish();
    await act(() => switched);
    expect(screen.getByRole('heading', { name: 'Votre invitation' })).toBeInTheDocument();
    // React reports a `use` called to suspend and then skipped (in production, a broken screen).
    expect(reported).not.toHaveBeenCalled();
    reported.mockRestore();
  });

  it('renders a namespace whose download settles at once (a cached module) without losing its hooks', async () => {
    const english = compileCatalogue({ title: 'Your invitation' });
    // Settled in the same turn: React replays the suspended render rather than starting again.
    const translator = new Translator('en', () => Promise.resolve(english));
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderTitles(translator, 2);
    expect(await screen.findAllByRole('heading', { name: 'Your invitation' })).toHaveLength(2);
    // React reports a `use` called to suspend and then skipped (in production, a broken screen).
    expect(reported).not.toHaveBeenCalled();
    reported.mockRestore();
  });
});
