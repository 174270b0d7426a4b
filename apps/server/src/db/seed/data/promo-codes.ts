import type { PromoCodeRecord } from '@portal/domain/promo/promo-api';

/**
 * The promo codes this release ships (issue 17), in every environment: codes are upserted by
 * code, so a change here reaches each database on its next start. Codes added to the table by
 * other means are left alone.
 */
export const promoCodes: readonly PromoCodeRecord[] = [
  {
    code: 'WELCOME2026',
    validFrom: '2026-01-01',
    validUntil: '2030-12-31',
    accountTypes: [],
    offerEn: 'No commission on your first 10 stock and ETF trades.',
    offerFr: 'Aucune commission sur vos 10 premières opérations sur actions et FNB.',
  },
  {
    code: 'SAVE2026',
    validFrom: '2026-01-01',
    validUntil: '2030-12-31',
    accountTypes: ['tfsa', 'usTfsa', 'rrsp', 'usRrsp', 'spousalRrsp', 'usSpousalRrsp'],
    offerEn: 'A $100 cash bonus when you deposit $5,000 or more in your TFSA or RRSP.',
    offerFr: 'Une prime de 100 $ lorsque vous déposez 5 000 $ ou plus dans votre CELI ou votre REER.',
  },
  {
    code: 'SUMMER2025',
    validFrom: '2025-06-01',
    validUntil: '2025-08-31',
    accountTypes: [],
    offerEn: 'Summer 2025: no account fees for a year.',
    offerFr: 'Été 2025 : aucuns frais de compte pendant un an.',
  },
];
