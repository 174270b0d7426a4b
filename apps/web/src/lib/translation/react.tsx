import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Namespace, TFunction, Translator } from './translator.ts';

const TranslatorContext = createContext<Translator | null>(null);

export function TranslationProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext value={i18n}>{children}</TranslatorContext>;
}

/**
 * A namespace's translate function in the current language, and the translator. The first
 * screen to ask for a namespace suspends while its catalogue downloads (the route's loading
 * screen shows); a change of language renders again with the new messages.
 */
export function useTranslation<NS extends Namespace = 'common'>(
  namespace?: NS,
): { t: TFunction<NS>; i18n: Translator } {
  const i18n = useContext(TranslatorContext);
  if (!i18n) throw new Error('useTranslation needs a TranslationProvider above it');
  const language = useSyncExternalStore(
    (changed) => i18n.on('languageChanged', changed),
    () => i18n.language,
    () => i18n.language,
  );
  const ns = (namespace ?? 'common') as NS;
  // The first render without the namespace suspends on its download by throwing it, Suspense's
  // original protocol: React then renders the component anew once it is here. `use` would
  // have to be called on every render after (React replays a component that suspended on it,
  // and a replay that skips it breaks the hooks: error 467), and a `use` of a settled promise
  // on every render keeps tests' act() from flushing.
  if (!i18n.hasNamespace(ns, language)) {
    throw i18n.loadNamespace(ns, language);
  }
  const t = useMemo(() => i18n.getFixedT(language, ns), [i18n, language, ns]);
  return { t, i18n };
}
