import { BRAND_COLOURS, BRAND_LOGO } from '@portal/domain/brand';
import { escapeHtml } from './page-shell.ts';

/**
 * The app header's logo for the server's pages: the same drawing as the web app's BrandLogo,
 * in the brand's colours written out (these pages have no CSS custom properties or skins).
 */
export function brandLogoSvg(): string {
  return `<svg viewBox="${BRAND_LOGO.viewBox}" width="176" height="32" aria-hidden="true" focusable="false"><path d="${BRAND_LOGO.markPath}" fill="${BRAND_COLOURS.brand}"/><text x="52" y="27" font-family="'Liberation Sans',Arial,Helvetica,sans-serif" font-size="19" font-weight="700" fill="${BRAND_COLOURS.headerText}">${escapeHtml(BRAND_LOGO.wordmark)}</text></svg>`;
}

/** The logo as a link (the app's "go to the start"), named for screen readers. */
export const brandHomeLink = (label: string, href = '/') =>
  `<a class="brand" href="${escapeHtml(href)}" aria-label="${escapeHtml(label)}">${brandLogoSvg()}</a>`;

/** The logo as an image, where it leads nowhere (a simulated vendor's page). */
export const brandLogoImage = (label: string) =>
  `<span class="brand" role="img" aria-label="${escapeHtml(label)}">${brandLogoSvg()}</span>`;

/** The app header's look: white bar, the brand's rule beneath it. */
export const BRAND_HEADER_STYLE = `header{background:${BRAND_COLOURS.headerBg};color:${BRAND_COLOURS.headerText};border-bottom:4px solid ${BRAND_COLOURS.brand}}.brand{display:inline-flex;text-decoration:none}`;
