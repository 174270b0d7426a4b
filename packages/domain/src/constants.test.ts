import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';

describe('constants of spec section 9', () => {
  it('match the spec numbers', () => {
    expect(constants).toMatchObject({
      APP_VERSION: '1.45',
      LANGUAGES: ['en', 'fr'],
      MINIMUM_AGE_YEARS: 18,
      AUTH_CODE_DIGITS: 4,
      AUTH_CODE_VALIDITY_HOURS: 24,
      RETURN_URL_COOKIE_MAX_AGE_SECONDS: 120,
      LANGUAGE_COOKIE_MAX_AGE_SECONDS: 31_536_000,
      ERROR_REPORT_THROTTLE_MS: 30_000,
      SESSION_REFRESH_THROTTLE_MS: 10_000,
      NETWORK_RETRY_ATTEMPTS: 3,
      NETWORK_RETRY_DELAY_MS: 2_000,
      ERROR_FRAME_HEIGHT_PX: 500,
    });
  });
});
