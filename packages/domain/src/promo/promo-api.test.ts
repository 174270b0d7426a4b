import { describe, expect, it } from 'vitest';
import { partnerFromCookies } from './partners-api.ts';
import {
  promoCodeSchema,
  promoFitsAccounts,
  promoRefusalOf,
  type PromoCodeRecord,
} from './promo-api.ts';

const savings: PromoCodeRecord = {
  code: 'SAVE2026',
  validFrom: '2026-01-01',
  validUntil: '2026-12-31',
  accountTypes: ['tfsa', 'rrsp'],
  offerEn: 'Offer.',
  offerFr: 'Offre.',
};
const everyone: PromoCodeRecord = { ...savings, code: 'ALL', accountTypes: [] };

describe('promo code validity', () => {
  it('holds from its first to its last day inclusive, in the business day given', () => {
    const on = (today: string) => promoRefusalOf(everyone, { today, accounts: ['cash'] });
    expect(on('2025-12-31')).toBe('notYetValid');
    expect(on('2026-01-01')).toBeUndefined();
    expect(on('2026-12-31')).toBeUndefined();
    expect(on('2027-01-01')).toBe('expired');
  });

  it('fits when one chosen account is among the types it lists; none listed fits all', () => {
    const today = '2026-06-01';
    expect(promoRefusalOf(savings, { today, accounts: ['cash'] })).toBe('notEligible');
    expect(promoRefusalOf(savings, { today, accounts: [] })).toBe('notEligible');
    expect(promoRefusalOf(savings, { today, accounts: ['cash', 'tfsa'] })).toBeUndefined();
    expect(promoRefusalOf(everyone, { today, accounts: ['margin'] })).toBeUndefined();
  });

  it('still fits, or no longer fits, the accounts chosen after it was taken', () => {
    expect(promoFitsAccounts(savings, ['rrsp'])).toBe(true);
    expect(promoFitsAccounts(savings, ['cash', 'margin'])).toBe(false);
    expect(promoFitsAccounts(everyone, [])).toBe(true);
  });

  it('an unknown code is unknown before any date check', () => {
    expect(promoRefusalOf(undefined, { today: '2026-06-01', accounts: ['tfsa'] })).toBe('unknown');
  });

  it('reads a typed code without its spaces and upper-cased, and refuses other characters', () => {
    expect(promoCodeSchema.parse(' welcome2026 ')).toBe('WELCOME2026');
    expect(promoCodeSchema.parse('welcome 2026')).toBe('WELCOME2026');
    expect(promoCodeSchema.parse('Welcome  20 26')).toBe('WELCOME2026');
    expect(promoCodeSchema.safeParse('WELCOME_2026').error?.issues[0]?.message).toBe(
      'promoCodeFormat',
    );
    expect(promoCodeSchema.safeParse('').error?.issues[0]?.message).toBe('required');
  });
});

describe('the partner of the skin cookies', () => {
  it('names a partner other than our own brand, the French name falling back to the English', () => {
    expect(partnerFromCookies({ skin: 'Harbour', name: ' Harbour CU ' })).toEqual({
      skin: 'harbour',
      name: 'Harbour CU',
      nameFr: 'Harbour CU',
    });
    expect(partnerFromCookies({ skin: 'laurentide', name: 'Anyone' })).toBeUndefined();
    expect(partnerFromCookies({ skin: 'harbour', name: 'Laurentide' })).toBeUndefined();
    expect(partnerFromCookies({ skin: 'harbour' })).toBeUndefined();
  });
});
