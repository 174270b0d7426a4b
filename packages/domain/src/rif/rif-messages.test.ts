import { describe, expect, it } from 'vitest';
import { rifMessagesEn, rifMessagesFr } from './rif-messages.ts';

describe('RIF messages', () => {
  it('name every code in both languages, none left blank', () => {
    expect(Object.keys(rifMessagesFr).sort()).toEqual(Object.keys(rifMessagesEn).sort());
    for (const text of [...Object.values(rifMessagesEn), ...Object.values(rifMessagesFr)]) {
      expect(text.trim()).not.toBe('');
    }
  });

  it('include “not set up” (spec section 8) and the payout request error', () => {
    expect(rifMessagesEn.noRifSetup).toBe(
      'No payments are set up for this retirement income fund yet.',
    );
    expect(rifMessagesFr.noRifSetup).toBe(
      'Aucun versement n’est encore prévu pour ce fonds de revenu de retraite.',
    );
    expect(rifMessagesEn.rifPayoutRequestError).toContain('RIF payout request error');
  });

  it('write amounts the French way, with no-break spaces', () => {
    expect(rifMessagesEn.rifAmountMaximum).toContain('$999,999.99');
    expect(rifMessagesFr.rifAmountMaximum).toContain('999\u00a0999,99\u00a0$');
  });
});
