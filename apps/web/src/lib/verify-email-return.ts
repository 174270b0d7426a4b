/**
 * Where the email verification page sends a person back once their address is proved (issue 30,
 * audit A-M3 and A minor 31): the screen that asked for it, the joint applicant's code page or
 * an application's signing step, carried in the page's `next` parameter. Only these screens of
 * this client are accepted, so the parameter can never send anyone elsewhere.
 */

const VERIFY_EMAIL_PATH = '/home/verify-email';
export const RETURN_PARAM = 'next';

const returnTargets = [/^\/auth-code$/, /^\/application\/[A-Za-z0-9-]{1,64}\/(esign|funding)$/];

/** The return path when it is one this page may go back to; null otherwise. */
export function verifyEmailReturnOf(value: string | null | undefined): string | null {
  if (!value) return null;
  return returnTargets.some((target) => target.test(value)) ? value : null;
}

/** The verification page, asked to come back to `returnTo` once the address is proved. */
export function verifyEmailPath(returnTo: string): string {
  const target = verifyEmailReturnOf(returnTo);
  return target
    ? `${VERIFY_EMAIL_PATH}?${RETURN_PARAM}=${encodeURIComponent(target)}`
    : VERIFY_EMAIL_PATH;
}
