/**
 * One rule for every code a person types (the email and SMS codes, an authenticator's code, a
 * recovery code, the joint applicant's code, a work email's code): the spaces and dashes people
 * add to read a code in groups ("399 981", "12-34", a phone's "399 981" notification) are not
 * part of it (issue 30, A-minor 1). Codes are digits and letters only, so nothing is lost.
 */
export function normalizeTypedCode(input: string): string {
  return input.replace(/[\s\-\u2010\u2011\u2012\u2013]/gu, '');
}
