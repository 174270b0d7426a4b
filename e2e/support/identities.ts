/**
 * Identities of people who become clients in a journey (issue 17): once approved, a person's
 * SIN and birth date are theirs alone, and anyone else giving them is told to sign in with the
 * existing account. Journeys that approve someone give them a SIN nobody else in the run uses.
 */

let counter = 0;

/** The Luhn check digit of a SIN's first 8 digits (every second digit doubled). */
function sinCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A valid SIN, as typed (`2xx xxx xxx`), unique in the run: a 2 (a SIN never starts with 0 or
 * 8), seven digits of the time, process and a counter, then the check digit.
 */
export function uniqueSin(): string {
  counter += 1;
  const seed = (Date.now() * 13 + process.pid * 7919 + counter * 104_729) % 10_000_000;
  const body = `2${String(seed).padStart(7, '0')}`;
  const sin = `${body}${sinCheckDigit(body)}`;
  return `${sin.slice(0, 3)} ${sin.slice(3, 6)} ${sin.slice(6)}`;
}

/** The seeded existing client (apps/server/src/db/seed/seed-existing-client.ts, README). */
export const existingClient = {
  email: 'existing.client@demo.laurentide.ca',
  password: 'Laurentide-Demo-2026',
  firstName: 'Nadia',
  lastName: 'Roy',
  sin: '521 234 567',
  sinMasked: '*** *** 567',
  birthDate: { day: '12', month: '4', year: '1975' },
} as const;
