import { fieldsOfIssues, Refusal } from '../../lib/refusals/refusal.ts';

/** A refusal of the funding service (the routes answer it; tests match it by class). */
export class FundingError extends Refusal {
  override name = 'FundingError';
}

export const notFound = () => new FundingError(404, 'notFound');
export const invalid = (fields: Record<string, string>) =>
  new FundingError(400, 'invalidInput', { fields });

export const fieldsOf = fieldsOfIssues;
