/**
 * Account numbers and client numbers assigned at approval (issue 16; spec section 9: account
 * code length 8, letters or digits). Each is 7 digits drawn from a database sequence (unique
 * across every instance, never reused) followed by a Luhn check digit, so a mistyped number is
 * caught before any lookup.
 */

export const ACCOUNT_NUMBER_LENGTH = 8;
/** The sequences start here so every number has 7 digits before its check digit. */
export const ACCOUNT_SEQUENCE_START = 1_000_000;
export const ACCOUNT_SEQUENCE_END = 9_999_999;

/** The Luhn check digit of a string of digits. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    // From the right, every second digit (starting with the rightmost) is doubled.
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The 8-character number of a sequence value (1,000,000 to 9,999,999). */
export function accountNumberOf(sequenceValue: number): string {
  if (
    !Number.isInteger(sequenceValue) ||
    sequenceValue < ACCOUNT_SEQUENCE_START ||
    sequenceValue > ACCOUNT_SEQUENCE_END
  ) {
    throw new RangeError(`account number sequence out of range: ${sequenceValue}`);
  }
  const body = String(sequenceValue);
  return `${body}${luhnCheckDigit(body)}`;
}

/** Whether a string is a well-formed account number (8 digits with a valid check digit). */
export function isAccountNumber(value: string): boolean {
  return (
    /^\d{8}$/.test(value) &&
    luhnCheckDigit(value.slice(0, ACCOUNT_NUMBER_LENGTH - 1)) === Number(value.slice(-1))
  );
}
