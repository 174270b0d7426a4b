import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messagesEn, messagesFr } from '../messages/messages.ts';
import { normalizeEmail, passwordProblem, registrationSchema } from './account.ts';

describe('password rule (ASVS 6.2: length, no composition rules, no common password)', () => {
  it.each([
    ['short1!A', 'passwordTooShort'],
    ['x'.repeat(129), 'passwordTooLong'],
    // No composition rule: lower-case letters alone, or spaces, are fine at 12 characters.
    ['alllowercaseletters', null],
    ['twelve chars', null],
    ['Camille-Tremblay-2026', null],
    ['correct horse battery staple', null],
  ])('%s -> %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it('asks the given list whether a password is common', () => {
    const list = new Set(['password1234']);
    expect(passwordProblem('password1234', '', (p) => list.has(p))).toBe('passwordCommon');
    expect(passwordProblem('Password1234', '', (p) => list.has(p))).toBeNull();
  });

  it('refuses a password that contains the email name', () => {
    expect(passwordProblem('Camille#2026-secure', 'camille@example.com')).toBe(
      'passwordContainsEmail',
    );
  });

  it('accepts any 20-character passphrase and refuses anything under 12', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 20, maxLength: 40, unit: 'grapheme-ascii' }), (value) => {
        return passwordProblem(value) === null;
      }),
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 11 }),
        (value) => passwordProblem(value) === 'passwordTooShort',
      ),
    );
  });
});

describe('registration schema', () => {
  it('normalizes the email and keeps the names', () => {
    const parsed = registrationSchema.parse({
      email: '  Camille@Example.COM ',
      password: 'Maple-Leaf-Harbour-2026',
      firstName: 'Camille',
      lastName: 'Tremblay',
      language: 'fr',
    });
    expect(parsed.email).toBe('camille@example.com');
    expect(normalizeEmail(' A@B.CA ')).toBe('a@b.ca');
  });

  it('answers message keys for each problem', () => {
    const result = registrationSchema.safeParse({
      email: 'not-an-email',
      password: 'short',
      firstName: '',
      lastName: 'Tremblay',
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(issues).toMatchObject({ email: 'emailFormat', firstName: 'required' });
  });

  it('has every message in French', () => {
    expect(Object.keys(messagesFr).sort()).toEqual(Object.keys(messagesEn).sort());
    expect(messagesFr.required).toBe('Obligatoire.');
    expect(messagesFr.duplicated).toBe('Copie.');
  });
});
