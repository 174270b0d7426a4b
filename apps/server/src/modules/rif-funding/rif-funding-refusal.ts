import { Refusal } from '../../lib/refusals/refusal.ts';

/** A refusal of the RRIF payout service (the routes answer it; tests match it by class). */
export class RifFundingError extends Refusal {
  override name = 'RifFundingError';
}

export const notFound = () => new RifFundingError(404, 'notFound');
export const invalid = (fields: Record<string, string>) =>
  new RifFundingError(400, 'invalidInput', { fields });
