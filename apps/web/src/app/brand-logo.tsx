/** Our wordmark: drawn, not an image, so it stays sharp and follows the skin's colours. */
export function BrandLogo() {
  return (
    <svg viewBox="0 0 220 40" width="176" height="32" aria-hidden="true" focusable="false">
      <path d="M4 34 L18 6 L26 22 L32 12 L44 34 Z" fill="var(--color-brand)" />
      <text
        x="52"
        y="27"
        fontFamily="inherit"
        fontSize="19"
        fontWeight="700"
        fill="var(--color-header-text)"
      >
        Laurentide
      </text>
    </svg>
  );
}
