import { looseNameKey } from '../rules/person-name.ts';

/**
 * Whether the name a bank gives for an account's holder is one of the applicants' (a bank
 * connection reads it; regulatory-facts.md section 2: compare it and flag a mismatch). Banks
 * write names their own way, so the comparison forgives what does not change who it is: case,
 * accents, hyphens and apostrophes, "LAST, FIRST" order, middle names and initials, titles, and
 * both holders of a joint account in one line ("Camille Tremblay & Alex Martin").
 */

/**
 * The words of a name: as the name rule reads names that others print (looseNameKey: case,
 * accents, hyphens, apostrophes and periods aside), without what is not a letter or digit.
 */
export function nameWords(name: string): string[] {
  return looseNameKey(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '');
}

export interface PersonName {
  firstName: string;
  lastName: string;
}

function personMatches(holderWords: readonly string[], person: PersonName): boolean {
  const first = nameWords(person.firstName);
  const last = nameWords(person.lastName);
  if (first.length === 0 || last.length === 0) return false;
  // Every word of the last name ("Tremblay-Roy" is two), as banks keep family names whole.
  if (!last.every((word) => holderWords.includes(word))) return false;
  // One of the given names, whole or as its initial ("C. Tremblay", a middle name alone).
  return first.some((word) =>
    holderWords.some(
      (holder) => holder === word || (holder.length === 1 && word.startsWith(holder)),
    ),
  );
}

/** True when the holder's name is any of the people's: for a joint account, either holder. */
export function holderNameMatches(holderName: string, people: readonly PersonName[]): boolean {
  const words = nameWords(holderName);
  if (words.length === 0) return false;
  return people.some((person) => personMatches(words, person));
}
