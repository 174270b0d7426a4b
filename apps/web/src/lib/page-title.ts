import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from './i18n.ts';

/**
 * The document title is the online-applications title plus the page's own (spec section 2),
 * and follows the language when it is switched. While a form shows errors the whole title
 * starts with "Error: " (GOV.UK), so it is the first thing a screen reader says.
 */
export function usePageTitle(pageTitle: string, { hasErrors = false } = {}): void {
  const { t } = useTranslation('common');
  const full = `${hasErrors ? t('titleErrorPrefix') : ''}${t('appTitle')}${t('titleSeparator')}${pageTitle}`;
  // Effects never run in a render to a string: the prerender learns the title here instead.
  useContext(PageTitleCollector)?.(full);
  useEffect(() => {
    document.title = full;
  }, [full]);
}

/**
 * Told the title of the page being rendered, where effects do not run: the prerender writes
 * each public screen's title into the page, so it shows before the bundle (ADR 0027).
 */
export const PageTitleCollector = createContext<((title: string) => void) | undefined>(undefined);
