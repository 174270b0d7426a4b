import {
  businessDaysFrom,
  paymentsCalendar,
  type PaymentsRegion,
} from '@portal/domain/calendar/payments-calendar';
import { paymentsRegionOf } from '@portal/domain/funding/bank-account';
import type { BusinessCalendar } from '@portal/domain/funding/funding-rules';

/**
 * The payments calendar of a debit (issue 14): national, with Quebec's bank holidays too when
 * the payer's bank clears through Quebec. The domain's funding rules take the calendar as an
 * interface (the web has no holiday library); the server hands them the real one.
 */
export function businessCalendarOf(region: PaymentsRegion = 'national'): BusinessCalendar {
  return paymentsCalendar(region);
}

/** The calendar of debits from the bank whose institution number is given (none: national). */
export function regionOfInstitution(institutionNumber: string | undefined): PaymentsRegion {
  return institutionNumber ? paymentsRegionOf(institutionNumber) : 'national';
}

export { businessDaysFrom };
