import type { i18n } from 'i18next';
import enOperations from './en/operations.json';
import frOperations from './fr/operations.json';

/**
 * The operations console's catalogue (issue 16): bundled with the console's screens only, so
 * applicants never download it (neither with the first download nor with the application
 * screens' catalogues in on-demand.ts).
 */
export const operationsResources = {
  en: { operations: enOperations },
  fr: { operations: frOperations },
} as const;

/** Adds the console's catalogue to an instance; cheap and safe to call on every render. */
export function addOperationsCatalogue(instance: i18n): void {
  for (const language of ['en', 'fr'] as const) {
    if (!instance.hasResourceBundle(language, 'operations')) {
      instance.addResourceBundle(language, 'operations', operationsResources[language].operations);
    }
  }
}
