import type { i18n } from 'i18next';
import enExpress from './en/express.json';
import frExpress from './fr/express.json';

/** The invitee's action screen's catalogue (issue 17), bundled with that screen only. */
export const expressResources = {
  en: { express: enExpress },
  fr: { express: frExpress },
} as const;

/** Adds the action screen's catalogue to an instance; cheap and safe to call on every render. */
export function addExpressCatalogue(instance: i18n): void {
  for (const language of ['en', 'fr'] as const) {
    if (!instance.hasResourceBundle(language, 'express')) {
      instance.addResourceBundle(language, 'express', expressResources[language].express);
    }
  }
}
