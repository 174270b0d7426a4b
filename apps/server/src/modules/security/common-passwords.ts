import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The breached and common passwords of ASVS 5.0 requirement 6.2.4: the 49,233 most common
 * passwords of the leaked-password corpora that zxcvbn-ts ships (`passwords-common`), plus the
 * words people reach for on this site. Kept on the server: the client never downloads it.
 *
 * Few common passwords reach 12 characters, so a password also counts as common when it is
 * a common one padded with digits or symbols (`Password2026!`, `qwerty123456`), or one repeated
 * (`dragondragon`), or a single character repeated: the shapes people use to pass a length rule.
 */
const contextWords = [
  'laurentide',
  'laurentideinvesting',
  'investing',
  'brokerage',
  'motdepasse',
  'canada',
  'quebec',
  'montreal',
  'toronto',
  'vancouver',
];

const list = new Set<string>([...dictionary['passwords-common'], ...contextWords]);

/** Digits, punctuation, spaces and symbols at either end. */
const PADDING = /^[\d\W_]+|[\d\W_]+$/gu;
const MIN_CORE_LENGTH = 4;

function isRepetition(value: string): boolean {
  for (let size = 1; size <= value.length / 2; size += 1) {
    if (value.length % size !== 0) continue;
    const unit = value.slice(0, size);
    if (unit.repeat(value.length / size) === value && (size <= 3 || list.has(unit))) return true;
  }
  return false;
}

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (list.has(lower) || isRepetition(lower)) return true;
  const core = lower.replace(PADDING, '');
  if (core === '') return list.has(lower) || isRepetition(lower.replace(/\D/g, ''));
  return core.length >= MIN_CORE_LENGTH && (list.has(core) || isRepetition(core));
}

/** How many passwords the list holds, for the documentation and its test. */
export const commonPasswordCount = list.size;
