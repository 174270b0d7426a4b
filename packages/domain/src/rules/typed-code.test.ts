import { describe, expect, it } from 'vitest';
import { workEmailVerifyBodySchema } from '../promo/partners-api.ts';
import { emailCodeSchema, secondFactorCodeSchema } from './account-security.ts';
import { normalizeCoAuthCode } from './co-auth-code.ts';
import { normalizeTypedCode } from './typed-code.ts';

/** Issue 30, A-minor 1: "399 981" was refused; the mail shows 399981. */
describe('a code as a person types it', () => {
  it('drops the spaces and dashes people read codes with, and nothing else', () => {
    expect(normalizeTypedCode(' 399 981 ')).toBe('399981');
    expect(normalizeTypedCode('399\u00a0981')).toBe('399981');
    expect(normalizeTypedCode('399\u202f981')).toBe('399981');
    expect(normalizeTypedCode('12-34')).toBe('1234');
    expect(normalizeTypedCode('abcde-12345')).toBe('abcde12345');
    expect(normalizeTypedCode('39x981')).toBe('39x981');
  });

  it('is the one rule behind every code field', () => {
    expect(emailCodeSchema.parse('399 981')).toBe('399981');
    expect(emailCodeSchema.safeParse('399 98').success).toBe(false);
    expect(secondFactorCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(secondFactorCodeSchema.parse('ABCDE-12345')).toBe('ABCDE12345');
    expect(secondFactorCodeSchema.safeParse('').error?.issues[0]?.message).toBe('required');
    expect(normalizeCoAuthCode('12 34')).toBe('1234');
    expect(workEmailVerifyBodySchema.parse({ email: 'a@example.com', code: '399 981' }).code).toBe(
      '399981',
    );
  });
});
