import type { Language } from '@portal/domain';
import {
  LANGUAGE_COOKIE as LANGUAGE_COOKIE_NAME,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
} from '@portal/domain/constants';
import { readCookie, writeCookie } from './cookies.ts';

export const LANGUAGE_COOKIE = LANGUAGE_COOKIE_NAME;

/** English by default; French when the language cookie begins with `fr` (spec section 1). */
export function languageFromCookie(): Language {
  return readCookie(LANGUAGE_COOKIE)?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export function rememberLanguage(language: Language): void {
  writeCookie(LANGUAGE_COOKIE, language, { maxAgeSeconds: LANGUAGE_COOKIE_MAX_AGE_SECONDS });
}

/** Reference values carry both languages; French falls back to English when blank. */
export function describe(
  value: { description: string; descriptionFr?: string | null },
  language: Language,
): string {
  return language === 'fr' && value.descriptionFr?.trim() ? value.descriptionFr : value.description;
}
