/**
 * Business constants and limits of spec section 9. Durations say their unit in their name.
 */
export const APP_VERSION = '1.45';
export const LANGUAGES = ['en', 'fr'] as const;

// People and codes
export const MINIMUM_AGE_YEARS = 18;
export const AUTH_CODE_DIGITS = 4;
export const AUTH_CODE_VALIDITY_HOURS = 24;

// Account selection and plans
export const MAX_REGISTERED_ACCOUNTS = 1;
export const MAX_NON_REGISTERED_ACCOUNTS = 1;
export const FHSA_ANNUAL_CONTRIBUTION_LIMIT = 8_000;
export const FHSA_LIFETIME_CONTRIBUTION_LIMIT = 40_000;
export const RRSP_TO_RRIF_CONVERSION_AGE = 71;
export const RLIF_UNLOCK_TO_RRSP_MAX_PERCENT = 50;

// Timelines told to the applicant
export const ACCOUNT_READY_BUSINESS_DAYS = { min: 1, max: 3 } as const;
export const PEP_FORM_DUE_DAYS = 21;
export const NOTIFY_CHANGES_WITHIN_DAYS = 30;
export const INSIDER_VOTING_RIGHTS_THRESHOLD_PERCENT = 10;
export const PREVIOUS_ADDRESS_IF_MOVED_WITHIN_YEARS = 2;
export const BUY_AND_HOLD_MIN_YEARS = 1;

// Beneficiaries and uploads
export const MAX_BENEFICIARIES = 4;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'bmp',
  'gif',
  'tif',
  'tiff',
] as const;

// Funding
export const EFT_MINIMUM_AMOUNT = 50;
export const EFT_START_OFFSET_BUSINESS_DAYS = 7;
export const EFT_ACTIVITY_WINDOW_DAYS = 7;
export const PAC_CANCELLATION_NOTICE_BUSINESS_DAYS = 10;
export const RIF_MAXIMUM_AMOUNT = 999_999.99;
/** EFT_MINIMUM_AMOUNT in cents: what the funding rules compare amounts with. */
export const EFT_MINIMUM_CENTS = 5_000;
/**
 * The largest single funding request we take online, in cents ($1,000,000): a typo guard
 * (an extra zero or two), well above any real EFT or PAC; larger sums are wired with support.
 */
export const EFT_MAXIMUM_CENTS = 100_000_000;
/** Payments Canada Rule H1: written notice of a PAD's amount and date at least 10 calendar days before the first debit, unless waived. */
export const PAD_PRE_NOTIFICATION_CALENDAR_DAYS = 10;
/** Rule H1: the notice a payor may be asked for to cancel a PAD is at most 30 days. */
export const PAD_CANCELLATION_MAX_NOTICE_DAYS = 30;
/** Rule H1: a personal PAD's reimbursement claim window, in calendar days. */
export const PAD_REIMBURSEMENT_CLAIM_DAYS = 90;
/** CASH_INVESTED_AT_BALANCE in cents: cash is invested once the balance reaches $2,000. */
export const CASH_INVESTED_THRESHOLD_CENTS = 200_000;

// Transfers from other institutions
export const TRANSFER_FEE_REFUND_MAX = 150;
export const TRANSFER_FEE_REFUND_MIN_ASSETS = 15_000;
export const TRANSFER_FEE_REFUND_BALANCE_WINDOW_DAYS = 30;
export const TRANSFER_FEE_REFUND_CREDIT_WITHIN_DAYS = 60;
export const TRANSFER_DURATION_BUSINESS_DAYS = 10;
export const TRANSFER_JOINT_OR_SPOUSAL_BUSINESS_DAYS = { min: 12, max: 25 } as const;
export const TRANSFER_MUTUAL_FUNDS_BUSINESS_DAYS = { min: 5, max: 10 } as const;
export const CASH_INVESTED_AT_BALANCE = 2_000;

// Identity verification and bank connection
export const MOBILE_ID_VERIFICATION_MAX_MS = 15 * 60_000;
export const MOBILE_ID_WAITING_SCREEN_AFTER_MS = 30_000;
export const SELFIE_COMPARISON_MAX_MS = 10 * 60_000;
export const SMS_LINK_RESEND_AFTER_MS = 60_000;
export const BANK_CONNECTION_POLL_LIMIT_MS = 1_830_000;
/** Spec section 4: a bank connection may stay pending up to 30 minutes, then it has expired. */
export const BANK_CONNECTION_PENDING_LIMIT_MS = 1_800_000;

// Client behaviour (sections 7 and 8)
export const RETURN_URL_COOKIE_MAX_AGE_SECONDS = 2 * 60;
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const ERROR_REPORT_THROTTLE_MS = 30_000;
export const SESSION_REFRESH_THROTTLE_MS = 10_000;
export const NETWORK_RETRY_ATTEMPTS = 3;
export const NETWORK_RETRY_DELAY_MS = 2_000;
/**
 * A 503 with Retry-After (the embedded database's queue was full: the request never ran, ADR
 * 0025) is tried this many times in all, waiting what the server asks, at most the wait below.
 */
export const BUSY_RETRY_ATTEMPTS = 3;
export const BUSY_RETRY_MAX_WAIT_MS = 5_000;
export const INSTITUTION_SEARCH_LIMIT = 10;
export const PERCENTAGE_RANGE = { min: 0, max: 100 } as const;
export const ACCOUNT_CODE_LENGTH = 8;
export const EXPIRY_TEXT_LENGTH = 7;
export const ERROR_FRAME_HEIGHT_PX = 500;
export const FLAG_CLIENT_WAIT_MS = 5_000;

// The sign-in contract shared by the client and the security service (ADR 0005)
export const OAUTH_CLIENT_ID = 'clientOnlineApp';
/** The cookie in which authorize hands a navigation its token; `#/oauth` reads and deletes it. */
export const TOKEN_HANDOVER_COOKIE = 'portalAccessToken';
export const LANGUAGE_COOKIE = 'lang';
