import { countries } from '../enums/countries.ts';

// Zod-free, so screens open to signed-out visitors can normalise a postal code within the public
// bundle budget (ADR 0029); address.ts re-exports it.

/**
 * A postal code as stored: Canadian ones in upper case with one space (`H2X 1Y4`), US ZIP codes
 * as `12345` or `12345-6789`, others in upper case with single spaces. Text that cannot be
 * one is returned compacted, for the rules to refuse.
 */
export function normalizePostalCode(value: string, countryId: number = countries.Canada): string {
  const text = value.trim().toUpperCase();
  if (countryId === countries.Canada) {
    const compact = text.replace(/[\s-]/g, '');
    return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
  }
  if (countryId === countries.USA) {
    const zip = /^(\d{5})(?:[\s-]?(\d{4}))?$/.exec(text);
    if (!zip) return text;
    return zip[2] ? `${zip[1]}-${zip[2]}` : (zip[1] ?? text);
  }
  return text.replace(/\s+/g, ' ');
}
