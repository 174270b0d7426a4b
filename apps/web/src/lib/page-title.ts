import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The document title is the online-applications title plus the page's own (spec section 2),
 * and follows the language when it is switched. While a form shows errors the whole title
 * starts with "Error: " (GOV.UK), so it is the first thing a screen reader says.
 */
export function usePageTitle(pageTitle: string, { hasErrors = false } = {}): void {
  const { t } = useTranslation('common');
  const full = `${hasErrors ? t('titleErrorPrefix') : ''}${t('appTitle')}${t('titleSeparator')}${pageTitle}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
