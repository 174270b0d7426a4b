/**
 * The brand, for whatever is drawn outside the React app: the server's pages (sign-in,
 * registration, the sandbox vendors) and the mails. The app's colours are its CSS tokens
 * (apps/web/src/styles/tokens.css); a web test holds these equal to them.
 */
export const BRAND_COLOURS = {
  brand: '#0b5a6e',
  brandStrong: '#083f4d',
  onBrand: '#ffffff',
  headerBg: '#ffffff',
  headerText: '#1b2631',
  text: '#1b2631',
  textMuted: '#4a5661',
  page: '#f5f7f8',
  surface: '#ffffff',
  footerBg: '#1b2631',
  footerText: '#ffffff',
} as const;

/** The logo: a mountain mark, then the wordmark, in a 220 × 40 box. */
export const BRAND_LOGO = {
  viewBox: '0 0 220 40',
  markPath: 'M4 34 L18 6 L26 22 L32 12 L44 34 Z',
  wordmark: 'Laurentide',
} as const;

/** The dealer's name in each language (the French one is the registered French name). */
export const BRAND_NAME = {
  en: 'Laurentide Investing',
  fr: 'Placements Laurentide',
} as const;

/**
 * The client support line, toll-free across Canada (the one number every message, page and mail
 * names): `display` as people read and dial it, `tel` for a `tel:` link.
 */
export const SUPPORT_PHONE = {
  display: '1-888-555-0142',
  tel: '+18885550142',
} as const;
