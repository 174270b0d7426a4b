/**
 * Spec line 147, rules of the client's calls (the browser's, and any integrator's client):
 * what a call leaves out or never sends. The legacy ids were positive integers ("below 1"
 * meant no id); ours are UUIDs, so "missing or below 1" reads here as "missing or not a UUID".
 */

/** What a RIF payout save answers when it was skipped for want of an application id. */
export const RIF_SAVE_SKIPPED = -1;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can name an application: a UUID (the spec's "not missing nor below 1"). */
export function isApplicationId(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

/**
 * The cheque upload's amount id as the form field carries it, or undefined when it is not to
 * be appended: only a whole number above 0 is (0, a negative, a fraction or nothing is not).
 */
export function chequeUploadAmountId(amountId: number | null | undefined): string | undefined {
  return typeof amountId === 'number' && Number.isInteger(amountId) && amountId > 0
    ? String(amountId)
    : undefined;
}
