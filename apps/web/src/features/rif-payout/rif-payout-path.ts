/**
 * Where the RRIF payout screen of an application lives (issue 15). The funding step and the
 * client's funding page link here; the router mounts the screen under /home/funding/rif.
 */
export const RIF_PAYOUT_ROUTE = 'funding/rif/:applicationId';

/** The query naming the funding step as where the screen goes back to (else the funding page). */
export const RIF_PAYOUT_FROM_PARAM = 'from';

export function rifPayoutPath(applicationId: string, from?: 'application'): string {
  const path = `/home/funding/rif/${encodeURIComponent(applicationId)}`;
  return from ? `${path}?${RIF_PAYOUT_FROM_PARAM}=${from}` : path;
}

/**
 * Where the screen's "Back to funding" leads: the application's funding step when it was opened
 * from there (so the applicant goes on with the application), else the funding page. Only these
 * two in-app routes, whatever the query says.
 */
export function rifPayoutBackPath(applicationId: string, from: string | null): string {
  return from === 'application'
    ? `/application/${encodeURIComponent(applicationId)}/funding`
    : '/home/funding';
}
