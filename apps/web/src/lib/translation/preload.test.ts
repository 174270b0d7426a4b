import { describe, expect, it, vi } from 'vitest';
import { compileCatalogue } from './compile-catalogue.ts';
import { preloadNamespaces, setActiveTranslator } from './preload.ts';
import { Translator } from './translator.ts';

describe('preloading namespaces', () => {
  it('downloads them in the page translator’s language, once, and forgives a failure', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(compileCatalogue({ title: 'Titre' }));
    const translator = new Translator('fr', load);
    setActiveTranslator(translator);
    preloadNamespaces(['express']);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // The failed download is asked for again, here by the next preload (or the screen).
    preloadNamespaces(['express', 'express']);
    await translator.loadNamespaces(['express']);
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith('fr', 'express');
    expect(translator.hasNamespace('express')).toBe(true);
  });
});
