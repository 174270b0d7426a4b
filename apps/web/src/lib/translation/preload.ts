import type { Namespace, Translator } from './translator.ts';

let active: Translator | undefined;

/** The page's translator (lib/i18n.ts's createI18n): the one preloads go to. */
export function setActiveTranslator(translator: Translator): void {
  active = translator;
}

/**
 * Starts downloading namespaces in the page's language. The build calls it at the top of every
 * module that uses a namespace (vite-plugin.ts), so a screen's catalogues download beside its
 * code, and a part that appears later (an answer revealing a question) finds its words there
 * rather than suspending the screen. A failed download is asked for again when rendered.
 */
export function preloadNamespaces(namespaces: readonly Namespace[]): void {
  if (!active) return;
  for (const namespace of namespaces) void active.loadNamespace(namespace).catch(() => undefined);
}
