import { describe, expect, it } from 'vitest';
import { chequeUploadAmountId, isApplicationId } from './client-call-rules.ts';

describe('client call rules (spec line 147)', () => {
  it('appends the cheque upload amount id only above 0', () => {
    expect(chequeUploadAmountId(12)).toBe('12');
    for (const none of [0, -3, 1.5, Number.NaN, null, undefined]) {
      expect(chequeUploadAmountId(none)).toBeUndefined();
    }
  });

  it('names an application only by a UUID', () => {
    expect(isApplicationId('aaaaaaa1-0000-4000-8000-000000000000')).toBe(true);
    for (const none of ['', '0', '-1', undefined, null, 7])
      expect(isApplicationId(none)).toBe(false);
  });
});
