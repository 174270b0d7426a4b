/**
 * Spec line 145, the one empty check behind every "Required.": `undefined`, `null`, a string
 * of nothing but spaces and an object without keys (`{}`, and so `[]`, a list with nothing
 * chosen) are empty; a number (0 included) and a boolean (false included) never are, since
 * they are answers. Every schema that reports `required` asks this, so a blank "  " or an
 * empty `{}` sent by a client reads as unanswered everywhere, never as `invalid` in one form
 * and `required` in the next.
 */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}
