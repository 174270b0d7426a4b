/**
 * A dollar amount as typed ("12 500", "12,500.50 $") to a number; what does not parse stays
 * text, which the domain's amount rule refuses with a message. Only digits, group separators
 * and a decimal mark make an amount: `1e9`, `0x10` or `Infinity` are not how people write
 * dollars, though `Number` reads them.
 */
export function parseAmount(text: string): number | string | undefined {
  const cleaned = text.replace(/[\s$\u00a0\u202f]/g, '');
  if (cleaned === '') return undefined;
  if (!/^\d[\d,.]*$/.test(cleaned)) return text;
  // French writes a decimal comma; a comma followed by exactly three digits groups thousands.
  const normalized = /,\d{1,2}$/.test(cleaned)
    ? cleaned.replace(/\./g, '').replace(',', '.')
    : cleaned.replace(/,/g, '');
  const value = Number(normalized);
  return Number.isFinite(value) ? value : text;
}

export function formatAmount(value: number | undefined, language: string): string {
  if (value === undefined) return '';
  return new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    style: 'currency',
    currency: 'CAD',
  }).format(value);
}
