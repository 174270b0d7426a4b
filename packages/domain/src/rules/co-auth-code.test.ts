import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTH_CODE_DIGITS, AUTH_CODE_VALIDITY_HOURS } from '../constants.ts';
import { codeMessagesEn, codeMessagesFr } from '../messages/code-messages.ts';
import { messagesEn, messagesFr } from '../messages/messages.ts';
import {
  CO_AUTH_CODE_DIGITS,
  CO_AUTH_CODE_MAX_ATTEMPTS,
  CO_AUTH_CODE_VALIDITY_MS,
  coAuthCodeErrorCodes,
  coAuthCodeProblem,
  coAuthCodeSchema,
  normalizeCoAuthCode,
} from './co-auth-code.ts';

describe('the joint applicant code (spec sections 5 and 9)', () => {
  it('is four digits, valid 24 hours, five attempts', () => {
    expect(CO_AUTH_CODE_DIGITS).toBe(AUTH_CODE_DIGITS);
    expect(CO_AUTH_CODE_DIGITS).toBe(4);
    expect(CO_AUTH_CODE_VALIDITY_MS).toBe(AUTH_CODE_VALIDITY_HOURS * 3_600_000);
    expect(CO_AUTH_CODE_MAX_ATTEMPTS).toBe(5);
  });

  it('accepts every four-digit code, 0000 included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), (n) => {
        expect(coAuthCodeSchema.safeParse(String(n).padStart(4, '0')).success).toBe(true);
      }),
    );
  });

  it.each(['', '123', '12345', '12a4', ' 1234', '١٢٣٤', '１２３４', '12.4', '-123'])(
    'refuses %j with the key coAuthCodeFormat',
    (value) => {
      const parsed = coAuthCodeSchema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('coAuthCodeFormat');
    },
  );

  it('reads what a person typed: spaces and dashes dropped, empty asked for', () => {
    expect(normalizeCoAuthCode(' 12 34 ')).toBe('1234');
    expect(normalizeCoAuthCode('12-34')).toBe('1234');
    expect(coAuthCodeProblem('12 34')).toBeNull();
    expect(coAuthCodeProblem('  ')).toBe('coAuthCodeRequired');
    expect(coAuthCodeProblem('123')).toBe('coAuthCodeFormat');
    expect(coAuthCodeProblem('abcd')).toBe('coAuthCodeFormat');
  });

  it('has the spec messages, in English and French, for every refusal', () => {
    expect(messagesEn.coAuthCodeMismatch).toBe('Oops, looks like the code does not match.');
    expect(messagesEn.coAuthCodeExpired).toBe('Code expired.');
    expect(messagesEn.coAuthCodeMaxAttempts).toBe('Failed maximum number of attempts.');
    for (const key of Object.values(coAuthCodeErrorCodes)) {
      expect(codeMessagesEn[key]).toBeTruthy();
      expect(codeMessagesFr[key]).toBeTruthy();
      expect(messagesFr[key]).toBe(codeMessagesFr[key]);
    }
  });
});
