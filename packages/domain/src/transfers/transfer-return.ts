import { ESIGN_RETURNED_PARAM } from '../rules/esign.ts';

/**
 * Where the e-sign ceremony of a transfer authorization brings the person back (findings A-M4):
 * the funding page they signed from, or the application's funding step when they signed from
 * inside the application, so they go on with it. Only these known in-app routes, built here
 * from ids the server checked, never a path the browser sends: no open redirect.
 */
export const transferReturnTargets = ['funding', 'application'] as const;
export type TransferReturnTarget = (typeof transferReturnTargets)[number];

/** The form field (`PUT transferAccounts`) and query parameter (`GET …/esign`) naming it. */
export const TRANSFER_RETURN_PARAM = 'returnTo';

/** The target a request named, or the funding page when it named none or another value. */
export const transferReturnTargetOf = (value: unknown): TransferReturnTarget =>
  transferReturnTargets.find((target) => target === value) ?? 'funding';

/** The path the ceremony returns to, with the transfer to open at its sign step. */
export function transferEsignReturnPath(
  target: TransferReturnTarget,
  ids: { transferId: string; applicationId: string },
): string {
  const query = `?transfer=${encodeURIComponent(ids.transferId)}&${ESIGN_RETURNED_PARAM}=1`;
  return target === 'application'
    ? `/#/application/${encodeURIComponent(ids.applicationId)}/funding${query}`
    : `/#/home/funding${query}`;
}
