import type { Language } from '@portal/domain/enums/define-enum';
import type { TFunction } from '../../lib/i18n.ts';
import operationsEn from '../../locales/en/operations.json';
import { formatMoney } from './operations-format.ts';

/**
 * Words the payment screens share (issue 35): a Standard 007 return reason named in the
 * console's language, and a count with its total. The reason names live in the catalogues,
 * keyed by code, since the web cannot read the server's table of codes.
 */

type ReturnReasonCode = keyof typeof operationsEn.payments.returnReasons;
const namedCodes: ReadonlySet<string> = new Set(Object.keys(operationsEn.payments.returnReasons));
const isNamed = (code: string): code is ReturnReasonCode => namedCodes.has(code);

/** `901: NSF (debit only)`; a code the standard does not list is said to be one. */
export function returnReasonText(t: TFunction<'operations'>, code: number): string {
  const key = String(code);
  return isNamed(key)
    ? t('payments.reasonCode', { code: key, name: t(`payments.returnReasons.${key}`) })
    : t('payments.unknownReason', { code: key });
}

/** `2 for $1,500.00`. */
export function countFor(
  t: TFunction<'operations'>,
  count: number,
  cents: number,
  currency: 'CAD' | 'USD',
  language: Language,
): string {
  return t('payments.countFor', { count, amount: formatMoney(cents, currency, language) });
}

/**
 * An amount without its currency: a return file answers for items of either currency and says
 * not which, so its totals are shown as the bank wrote them (`1,234.56`, `1 234,56`).
 */
export function formatAmount(cents: number, language: Language): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
