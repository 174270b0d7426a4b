/**
 * Business constants and limits of spec section 9. Durations say their unit in their name.
 */
export const APP_VERSION = '1.45';
export const LANGUAGES = ['en', 'fr'] as const;

export const MINIMUM_AGE_YEARS = 18;
export const AUTH_CODE_DIGITS = 4;
export const AUTH_CODE_VALIDITY_HOURS = 24;

export const RETURN_URL_COOKIE_MAX_AGE_SECONDS = 2 * 60;
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const ERROR_REPORT_THROTTLE_MS = 30_000;
export const SESSION_REFRESH_THROTTLE_MS = 10_000;
export const NETWORK_RETRY_ATTEMPTS = 3;
export const NETWORK_RETRY_DELAY_MS = 2_000;
export const ERROR_FRAME_HEIGHT_PX = 500;
