import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The document title is the online-applications title plus the page's own (spec section 2),
 * and follows the language when it is switched.
 */
export function usePageTitle(pageTitle: string): void {
  const { t } = useTranslation('common');
  const full = `${t('appTitle')}${t('titleSeparator')}${pageTitle}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
