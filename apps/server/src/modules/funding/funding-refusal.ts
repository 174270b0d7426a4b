import { isMessageCode } from '@portal/domain/messages/message-code';
import { Refusal } from '../../lib/refusals/refusal.ts';

/** A refusal of the funding service (the routes answer it; tests match it by class). */
export class FundingError extends Refusal {
  override name = 'FundingError';
}

export const notFound = () => new FundingError(404, 'notFound');
export const invalid = (fields: Record<string, string>) =>
  new FundingError(400, 'invalidInput', { fields });

export function fieldsOf(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'body';
    fields[path] ??= isMessageCode(issue.message) ? issue.message : 'invalid';
  }
  return fields;
}
