import { BRAND_LOGO } from '@portal/domain/brand';

/** Our wordmark: drawn, not an image, so it stays sharp and follows the skin's colours. */
export function BrandLogo() {
  return (
    <svg viewBox={BRAND_LOGO.viewBox} width="176" height="32" aria-hidden="true" focusable="false">
      <path d={BRAND_LOGO.markPath} fill="var(--color-brand)" />
      <text
        x="52"
        y="27"
        fontFamily="inherit"
        fontSize="19"
        fontWeight="700"
        fill="var(--color-header-text)"
      >
        {BRAND_LOGO.wordmark}
      </text>
    </svg>
  );
}
