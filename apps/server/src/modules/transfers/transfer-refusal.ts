import { Refusal } from '../../lib/refusals/refusal.ts';

/** A refusal of the transfer service (the routes answer it; tests match it by class). */
export class TransferError extends Refusal {
  override name = 'TransferError';
}

export const notFound = () => new TransferError(404, 'notFound');
export const invalid = (fields: Record<string, string>) =>
  new TransferError(400, 'invalidInput', { fields });
