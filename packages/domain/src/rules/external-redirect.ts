/**
 * `#/externalRedirect?href=` (spec section 2) leaves the app for the given address: our own
 * origin, or one the server's configuration allows (the vendors' authorize pages; issue 17).
 * Never anywhere else: the parameter is attacker-controlled, so this is an open-redirect guard.
 *
 * The client reads the allowed origins from `GET /service/jaxrs/externalRedirect/origins`
 * (`{ origins: string[] }`, public, the same for everyone on a host).
 */
export const EXTERNAL_REDIRECT_ORIGINS_PATH = 'externalRedirect/origins';

export interface ExternalRedirectOrigins {
  origins: string[];
}

/**
 * The address to leave for, or null when `href` may not be followed: unparsable, not http(s),
 * carrying a user name or password (`https://bank.example@evil.example` reads as the bank), or
 * on an origin that is neither ours nor listed. Relative addresses resolve against ours.
 */
export function allowedRedirectUrl(
  href: string | null,
  ownOrigin: string,
  allowedOrigins: readonly string[] = [],
): URL | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href, ownOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.origin === ownOrigin) return url;
  return url.protocol === 'https:' && allowedOrigins.includes(url.origin) ? url : null;
}

/** Whether the address is our own: then no list is needed to follow it. */
export function isOwnOrigin(href: string | null, ownOrigin: string): boolean {
  return allowedRedirectUrl(href, ownOrigin, []) !== null;
}
