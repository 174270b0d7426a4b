import type { TFunction } from '../../lib/i18n.ts';
import type { Language } from '@portal/domain/enums/define-enum';
import type { OperationsRefusal } from '../../lib/operations-api.ts';
import { formatDateTime } from './operations-format.ts';

/** The refusals the console words itself (the server's message stands for any other). */
const knownCodes = [
  'claimRequired',
  'staleVersion',
  'notDecidable',
  'secondApproverRequired',
  'movingNow',
  'nothingToReveal',
  'photoIdNotRead',
  'photoIdExpired',
] as const;
type KnownCode = (typeof knownCodes)[number];
const isKnown = (code: string): code is KnownCode =>
  (knownCodes as readonly string[]).includes(code);

/** What to tell the staff member about a refused call, in the console's language. */
export function refusalText(
  t: TFunction<'operations'>,
  refusal: OperationsRefusal,
  language: Language,
): string {
  if (refusal.errorCode === 'claimedByOther' && refusal.holder) {
    return t('errors.claimedByOther', {
      name: refusal.holder.staffName,
      until: formatDateTime(refusal.holder.expiresAt, language),
    });
  }
  if (isKnown(refusal.errorCode)) return t(`errors.${refusal.errorCode}`);
  if (refusal.status === 404) return t('errors.notFound');
  return refusal.message ?? t('errors.unexpected');
}
