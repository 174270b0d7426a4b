/**
 * Where the RRIF payout screen of an application lives (issue 15). The funding step and the
 * client's funding page link here; the router mounts the screen under /home/funding/rif.
 */
export const RIF_PAYOUT_ROUTE = 'funding/rif/:applicationId';

export function rifPayoutPath(applicationId: string): string {
  return `/home/funding/rif/${encodeURIComponent(applicationId)}`;
}
