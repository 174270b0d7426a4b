import type { i18n } from 'i18next';
import en from '../../locales/en/dashboardOutcome.json';
import fr from '../../locales/fr/dashboardOutcome.json';

/**
 * The words of decisions and requests on the dashboard: bundled with the outcome's own chunk,
 * which loads only when an application has one, so the landing route stays within its budget.
 * Only this catalogue is added (not every on-demand one). Cheap and safe on every render.
 */
export function addOutcomeCatalogue(instance: i18n): void {
  for (const [language, catalogue] of [
    ['en', en],
    ['fr', fr],
  ] as const) {
    if (!instance.hasResourceBundle(language, 'dashboardOutcome')) {
      instance.addResourceBundle(language, 'dashboardOutcome', catalogue);
    }
  }
}
