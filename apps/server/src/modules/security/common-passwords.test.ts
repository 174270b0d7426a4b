import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords.ts';

describe('common and breached passwords', () => {
  it('holds a real list, not a handful', () => {
    expect(commonPasswordCount).toBeGreaterThan(40_000);
  });

  it.each([
    'password1234',
    'Password2026!',
    'qwerty123456',
    '123456789012',
    'iloveyou1234',
    'dragondragon',
    'aaaaaaaaaaaa',
    'abcabcabcabc',
    'Laurentide2026!',
    'MotDePasse123',
    'baseball2024!!',
  ])('refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each([
    'Maple-Leaf-Harbour-2026',
    'Laurentide-Demo-2026',
    'correct horse battery staple',
    'Camille-Tremblay-2026',
    '4k9#Qz!7mPw2',
  ])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
