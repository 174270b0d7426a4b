import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The shapes of values that several environment variables share, and the checks too long to sit
 * in the table of variables (config-variables.ts). Each message names the variable and never
 * repeats the value, which may be a secret.
 */

/** `true`/`false`, `1`/`0` or `yes`/`no`; the variable stays optional so code can tell "unset". */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A count bounded wide enough for any real limit; 0 would turn a limit into a refusal. */
export function rateLimitSchema(fallback: number) {
  return z.coerce.number().int().min(1).max(100_000_000).default(fallback);
}

/** `TRUST_PROXY`: addresses or CIDR ranges, comma-separated; never "trust everyone". */
export const trustedProxiesSchema = z
  .string()
  .optional()
  .transform((value, context) => {
    const entries = (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '' && entry !== 'false');
    for (const entry of entries) {
      const [address = '', bits, ...rest] = entry.split('/');
      const version = isIP(address);
      const maxBits = version === 6 ? 128 : 32;
      const validBits =
        bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits && rest.length === 0);
      if (!version || !validBits) {
        context.addIssue({
          code: 'custom',
          message:
            "TRUST_PROXY takes the load balancers' addresses or CIDR ranges, comma-separated " +
            '(for example 10.0.0.0/8), never true: trusting every sender lets anyone choose ' +
            'their address with X-Forwarded-For',
        });
        return z.NEVER;
      }
    }
    return entries.length > 0 ? entries : (false as const);
  });

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `EXTERNAL_REDIRECT_ORIGINS`: a comma-separated list of origins (`https://auth.vendor.example`),
 * each only a scheme, host and optional port; https, or http on loopback for development.
 * Answers the origins, or what is wrong with the list.
 */
export function externalRedirectOriginsOf(list: string): string[] | string {
  const origins: string[] = [];
  for (const entry of list.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return `EXTERNAL_REDIRECT_ORIGINS: ${entry} is not an origin such as https://auth.vendor.example`;
    }
    const secure =
      url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname));
    if (!secure) return `EXTERNAL_REDIRECT_ORIGINS: ${entry} must use https`;
    if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
      return `EXTERNAL_REDIRECT_ORIGINS: ${entry} must be an origin only, with no path, query or user`;
    }
    origins.push(url.origin);
  }
  return [...new Set(origins)];
}

export const externalRedirectOriginsSchema = z
  .string()
  .optional()
  .transform((value, context) => {
    const origins = externalRedirectOriginsOf(value ?? '');
    if (typeof origins === 'string') {
      context.addIssue({ code: 'custom', message: origins });
      return z.NEVER;
    }
    return origins;
  });

/** `no-reply@bank.example` or `Laurentide Investing <no-reply@bank.example>`. */
export const mailFromPattern = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;
